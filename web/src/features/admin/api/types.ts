/** Shapes of the staff API (api/openapi.yaml, /api/admin). */
import type { components } from '@/shared/api/schema';

export type StaffRole = 'reviewer' | 'administrator';

export interface StaffMember {
  id: number;
  account: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
}

export type ReviewKind = 'realname' | 'change' | 'admission';
export type ReviewState = 'pending' | 'claimed' | 'decided' | 'revoked';

export interface ReviewItem {
  id: number;
  kind: ReviewKind;
  subject: 'person' | 'enterprise';
  accountId: number;
  account?: string;
  state: ReviewState;
  submittedAt: string;
  waitingSeconds: number;
  claimedBy?: string;
  claimedByMe: boolean;
  claimExpiresAt?: string;
  decision?: 'PASS' | 'NOT_PASS';
  remark?: string;
  decidedBy?: string;
  decidedAt?: string;
  payload?: Record<string, unknown>;
}

export interface FileRef {
  id: string;
  name: string;
}

export interface AuditEntry {
  id: number;
  userName: string;
  time: string;
  action: 'PASS' | 'NOT_PASS';
  remark: string;
  files: FileRef[];
  reviewId: number;
}

/** ReviewChange is one changed field of a change request: values as stored, coded ones with their names, photos as file ids. */
export type ReviewChange = components['schemas']['ReviewChange'];

export interface ReviewDetail {
  item: ReviewItem;
  account: { id: number; account: string; type: number; phone: string; authState: number; createdAt: string };
  current: Record<string, unknown>;
  /** labels maps a payload key and a code to its display name (certificate types, areas, industry…). */
  labels?: Record<string, Record<string, string>>;
  /** changes are the changed fields of a change item (whose item carries no payload). */
  changes?: ReviewChange[];
  decisions: AuditEntry[];
  history: { item: ReviewItem; payload: Record<string, unknown>; decisions: AuditEntry[] }[];
}

export interface StaffAction {
  id: number;
  staffId: number;
  staffName: string;
  action: string;
  target: string;
  detail: string;
  clientAddr: string;
  time: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

import { http } from '@/shared/api/http';
import type { AuditLog } from './types';

/** LatestRealNameAudit is the account's newest real-name item and the reviewers' decisions on it. */
export interface LatestRealNameAudit {
  id: number;
  state: 'pending' | 'claimed' | 'decided' | 'revoked';
  submittedAt: string;
  decisions: AuditLog[];
}

/** getLatestRealNameAudit loads the last manual-authentication outcome (GET /api/manage/audit/realname/latest); null when none was submitted. */
export function getLatestRealNameAudit(signal?: AbortSignal): Promise<LatestRealNameAudit | null> {
  return http.get<LatestRealNameAudit | null>('/api/manage/audit/realname/latest', { signal });
}

import type { components } from '@/shared/api/schema';

/** Types of the library-admission API (api/openapi.yaml, docs/decisions/admission.md, "Library admission"). */
export type RoleState = components['schemas']['RoleState'];
export type OrgNode = components['schemas']['OrgNode'];
export type OrgMatch = components['schemas']['OrgMatch'];
export type AdmissionDraft = components['schemas']['AdmissionDraft'];
export type AdmissionApplication = components['schemas']['AdmissionApplication'];

/** Role is a library role: 1 supplier, 2 purchaser, 3 agency. */
export type Role = 1 | 2 | 3;

/** ROLES lists the roles in display order. */
export const ROLES: Role[] = [1, 2, 3];

/** AdmissionForm is what the dialog sends (a draft, or the one element of a submit). */
export interface AdmissionForm {
  applyType: Role;
  orgId: number | null;
  orgName: string;
  evidence: string;
}

/** blocked reports whether a role in state may not apply: under review (99) or in the library (1). */
export function blocked(state: number | undefined): boolean {
  return state === 99 || state === 1;
}

/** notPassed reports whether a state is a refusal (0 or 2; docs/spec/DECISIONS.md reads any other value as failed). */
export function notPassed(state: number): boolean {
  return state !== 99 && state !== 1 && state !== -1;
}

import { callData } from '@/shared/api/contract';
import type { AdmissionForm, Role } from './types';

/** getApplyState loads the three roles' states (GET /api/applyState). */
export function getApplyState(signal?: AbortSignal) {
  return callData('get', '/api/applyState', { signal, page: true });
}

/** getOrganisations loads the role's organisation tree for the cascader (GET /api/simples). */
export function getOrganisations(applyType: Role, signal?: AbortSignal) {
  return callData('get', '/api/simples', { query: { applyType }, signal });
}

/** checkOrganisation finds the role's units with that exact name (putStorageCkeck); a miss is empty. Silent: the field shows the result. */
export function checkOrganisation(applyType: Role, orgName: string) {
  return callData('post', '/api/register/enterprise/putStorageCkeck', { body: { applyType, orgName }, silent: true });
}

/** getDraft loads the role's saved draft, or null (putStorageShow). */
export function getDraft(applyType: Role, signal?: AbortSignal) {
  return callData('get', '/api/register/enterprise/putStorageShow', { query: { applyType }, signal });
}

function body(f: AdmissionForm) {
  return { applyType: f.applyType, orgId: f.orgId ?? undefined, orgName: f.orgName, evidence: f.evidence };
}

/** saveDraft keeps the form for later (putStorageDraft). Silent: the form shows errors under its fields. */
export function saveDraft(f: AdmissionForm) {
  return callData('put', '/api/register/enterprise/putStorageDraft', { body: body(f), silent: true });
}

/** submitApplication sends the application, an array of one (putStorage); the server computes its type. Silent as saveDraft. */
export function submitApplication(f: AdmissionForm) {
  return callData('post', '/api/register/enterprise/putStorage', { body: [body(f)], silent: true });
}

/** templateHref is the commitment template's download address (a public .docx), for suppliers and agencies. */
export function templateHref(applyType: Role): string | null {
  if (applyType === 1) return '/api/management/templateFiles/supplier_commitment';
  if (applyType === 3) return '/api/management/templateFiles/agency_commitment';
  return null;
}

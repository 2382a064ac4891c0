import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** listOrganisations loads the role's units, disabled ones too (GET /api/admin/organisations). */
export function listOrganisations(applyType: 2 | 3, signal?: AbortSignal) {
  return callData('get', '/api/admin/organisations', { query: { applyType }, signal, client: adminHttp, page: true });
}

/** addOrganisation adds a unit under parentId (null: a root). Silent: the dialog shows the message. */
export function addOrganisation(applyType: 2 | 3, parentId: number | null, name: string) {
  return callData('post', '/api/admin/organisations', { body: { applyType, parentId: parentId ?? undefined, name }, client: adminHttp, silent: true });
}

/** updateOrganisation renames a unit and/or disables or enables it (PUT /api/admin/organisations/{id}). Silent as addOrganisation. */
export function updateOrganisation(id: number, change: { name?: string; disabled?: boolean }) {
  return callData('put', '/api/admin/organisations/{id}', { path: { id }, body: change, client: adminHttp, silent: true });
}

/** importOrganisations sends a CSV file's text (POST /api/admin/organisations/import). */
export function importOrganisations(csv: string) {
  return callData('post', '/api/admin/organisations/import', { body: { csv }, client: adminHttp, silent: true });
}

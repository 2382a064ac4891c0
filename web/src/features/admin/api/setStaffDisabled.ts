import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** setStaffDisabled disables (ending their sessions) or enables a member (PUT /api/admin/staff/{id}/disabled). */
export function setStaffDisabled(id: number, disabled: boolean) {
  return callData('put', '/api/admin/staff/{id}/disabled', { path: { id }, body: { disabled }, client: adminHttp });
}

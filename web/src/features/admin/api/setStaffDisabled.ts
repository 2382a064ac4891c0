import { adminHttp } from './client';
import type { StaffMember } from './types';

/** setStaffDisabled disables (ending their sessions) or enables a member (PUT /api/admin/staff/{id}/disabled). */
export function setStaffDisabled(id: number, disabled: boolean): Promise<StaffMember> {
  return adminHttp.put(`/api/admin/staff/${id}/disabled`, { disabled });
}

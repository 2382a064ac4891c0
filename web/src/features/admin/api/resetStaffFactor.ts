import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** resetStaffFactor removes another member's 动态口令, ending their sessions (DELETE /api/admin/staff/{id}/second-factor). */
export function resetStaffFactor(id: number) {
  return callData('delete', '/api/admin/staff/{id}/second-factor', { path: { id }, client: adminHttp });
}

import { callData } from '@/shared/api/contract';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';

/** resetStaffPassword sets a new password (PUT /api/admin/staff/{id}/password). */
export async function resetStaffPassword(id: number, password: string) {
  const body = await encryptPassword(password);
  return callData('put', '/api/admin/staff/{id}/password', { path: { id }, body, silent: true, client: adminHttp });
}

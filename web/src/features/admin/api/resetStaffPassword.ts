import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';

/** resetStaffPassword sets a new password (PUT /api/admin/staff/{id}/password). */
export async function resetStaffPassword(id: number, password: string): Promise<null> {
  const enc = await encryptPassword(password);
  return adminHttp.put(`/api/admin/staff/${id}/password`, enc, { silent: true });
}

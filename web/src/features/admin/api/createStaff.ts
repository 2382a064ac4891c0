import { callData } from '@/shared/api/contract';
import type { StaffRole } from '@/shared/api/types';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';

/** NewStaffForm is the add-staff form as typed: the password is still plain here. */
export interface NewStaffForm {
  account: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

/** createStaff adds a staff member (POST /api/admin/staff); the password travels encrypted. */
export async function createStaff(f: NewStaffForm) {
  const enc = await encryptPassword(f.password);
  return callData('post', '/api/admin/staff', { body: { ...f, password: enc.password, keyId: enc.keyId }, silent: true, client: adminHttp });
}

import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';
import type { StaffMember, StaffRole } from './types';

export interface NewStaffForm {
  account: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

/** createStaff adds a staff member (POST /api/admin/staff); the password travels encrypted. */
export async function createStaff(f: NewStaffForm): Promise<StaffMember> {
  const enc = await encryptPassword(f.password);
  return adminHttp.post('/api/admin/staff', { ...f, password: enc.password, keyId: enc.keyId }, { silent: true });
}

import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';
import type { StaffMember } from './types';

export interface StaffSignInForm {
  userName: string;
  password: string;
  codeId: string;
  graphicCode: string;
  captcha: string;
}

/** signIn calls PUT /api/admin/auth/authToken with the portal's sign-in payload. */
export async function signIn(f: StaffSignInForm): Promise<{ accessToken: string; staff: StaffMember }> {
  const enc = await encryptPassword(f.password);
  return adminHttp.put(
    '/api/admin/auth/authToken',
    { userName: f.userName, password: enc.password, keyId: enc.keyId, codeId: f.codeId, graphicCode: f.graphicCode, captcha: f.captcha },
    { anonymous: true, silent: true },
  );
}

import { callData } from '@/shared/api/contract';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { adminHttp } from './client';

/** StaffSignInForm is the console's sign-in form as typed: the password is still plain here. */
export interface StaffSignInForm {
  userName: string;
  password: string;
  codeId: string;
  graphicCode: string;
  captcha: string;
}

/** signIn calls PUT /api/admin/auth/authToken with the portal's sign-in payload. */
export async function signIn(f: StaffSignInForm) {
  const enc = await encryptPassword(f.password);
  return callData('put', '/api/admin/auth/authToken', {
    body: { userName: f.userName, password: enc.password, keyId: enc.keyId, codeId: f.codeId, graphicCode: f.graphicCode, captcha: f.captcha },
    anonymous: true,
    silent: true,
    client: adminHttp,
  });
}

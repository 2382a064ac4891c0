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

/** completeSecondStep sends the 动态口令 (or a recovery code) for the password's ticket (POST /api/admin/auth/second-step). */
export function completeSecondStep(ticket: string, code: string) {
  return callData('post', '/api/admin/auth/second-step', { body: { ticket, code }, anonymous: true, silent: true, client: adminHttp });
}

/** beginEnrolment asks a fresh TOTP secret for a member without a factor (POST /api/admin/auth/enrolment). */
export function beginEnrolment(ticket: string) {
  return callData('post', '/api/admin/auth/enrolment', { body: { ticket }, anonymous: true, silent: true, client: adminHttp });
}

/** confirmEnrolment sends the authenticator's first code: the session and the recovery codes (PUT /api/admin/auth/enrolment). */
export function confirmEnrolment(ticket: string, code: string) {
  return callData('put', '/api/admin/auth/enrolment', { body: { ticket, code }, anonymous: true, silent: true, client: adminHttp });
}

import { http } from '@/shared/api/http';

/** SignInRequest is the body of PUT /api/auth/authToken (DECISIONS.md "Sign-in payload"). */
export interface SignInRequest {
  userName: string;
  /** Encrypted (shared/crypto/encryptPassword). */
  password: string;
  keyId: string;
  codeId: string;
  graphicCode: string;
  /** The slider's captchaVerification. */
  captcha: string;
}

/** SignedInUser is the user object of the sign-in response (01 §3). */
export interface SignedInUser {
  userName: string;
  id: number;
  /** 1 person, 2 enterprise. */
  type: 1 | 2;
  /** 1 while registration is unfinished. */
  registerProcess: number;
  /** 0 not submitted, 99 verifying, 1 authenticated, 2 not passed. */
  authState: number;
}

export interface SignInResponse {
  accessToken: string;
  user: SignedInUser;
}

/** signIn signs in with a password; errors are shown by the page (silent). */
export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return http.put<SignInResponse>('/api/auth/authToken', body, { silent: true });
}

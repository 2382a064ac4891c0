import { callData, type RequestBody, type ResponseData } from '@/shared/api/contract';

/** SignInRequest is the body of PUT /api/auth/authToken (DECISIONS.md "Sign-in payload"); password encrypted. */
export type SignInRequest = RequestBody<'/api/auth/authToken', 'put'>;

/** SignInResponse is the session token and the user object (01 §3). */
export type SignInResponse = ResponseData<'/api/auth/authToken', 'put'>;

/** signIn signs in with a password; errors are shown by the page (silent). */
export function signIn(body: SignInRequest) {
  return callData('put', '/api/auth/authToken', { body, silent: true });
}

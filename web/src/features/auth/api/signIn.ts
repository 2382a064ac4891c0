import { callData, type RequestBody, type ResponseData } from '@/shared/api/contract';

/** SignInRequest is the body of PUT /api/auth/authToken (docs/spec/DECISIONS.md "Sign-in payload"); password encrypted. */
export type SignInRequest = RequestBody<'/api/auth/authToken', 'put'>;

/** SignInAnswer is a session, or the second step's ticket for an account with a 动态口令 (docs/security.md). */
export type SignInAnswer = ResponseData<'/api/auth/authToken', 'put'>;

/** SignInResponse is the session token and the user object (01 §3). */
export type SignInResponse = ResponseData<'/api/auth/second-step', 'post'>;

/** signIn signs in with a password; errors are shown by the page (silent). */
export function signIn(body: SignInRequest) {
  return callData('put', '/api/auth/authToken', { body, silent: true });
}

/** completeSecondStep sends the code for the ticket (the browser's half rides in an HttpOnly cookie). */
export function completeSecondStep(body: RequestBody<'/api/auth/second-step', 'post'>) {
  return callData('post', '/api/auth/second-step', { body, silent: true });
}

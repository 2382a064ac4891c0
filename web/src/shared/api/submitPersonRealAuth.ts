import { callData, type RequestBody } from './contract';

/** PersonRealAuthBody is the person's certificate photos and the address on the certificate. */
export type PersonRealAuthBody = RequestBody<'/api/register/person/realAuth', 'post'>;

/**
 * submitPersonRealAuth submits the certificate photos for real-name review (POST
 * /api/register/person/realAuth): the registration wizard's last step and the account
 * centre's manual authentication both send it.
 */
export function submitPersonRealAuth(body: PersonRealAuthBody) {
  return callData('post', '/api/register/person/realAuth', { body, silent: true });
}

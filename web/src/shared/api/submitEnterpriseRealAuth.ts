import { callData, type RequestBody } from './contract';

/** EnterpriseRealAuthBody is the licence and the legal person's certificate photos. */
export type EnterpriseRealAuthBody = RequestBody<'/api/register/enterprise/realAuth', 'post'>;

/**
 * submitEnterpriseRealAuth submits the licence and legal-person photos for real-name review
 * (POST /api/register/enterprise/realAuth): the registration wizard's last step and the
 * account centre's manual authentication both send it.
 */
export function submitEnterpriseRealAuth(body: EnterpriseRealAuthBody) {
  return callData('post', '/api/register/enterprise/realAuth', { body, silent: true });
}

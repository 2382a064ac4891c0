import { callData, type RequestBody } from '@/shared/api/contract';

/** registerEnterprise creates an enterprise account (POST /api/register/enterprise) and signs it in. */
export function registerEnterprise(body: RequestBody<'/api/register/enterprise', 'post'>) {
  return callData('post', '/api/register/enterprise', { body, anonymous: true, silent: true });
}

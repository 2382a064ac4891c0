import { callData, type RequestBody } from '@/shared/api/contract';

/** saveEnterpriseInfo saves the basic information (POST /api/register/enterprise/info). */
export function saveEnterpriseInfo(body: RequestBody<'/api/register/enterprise/info', 'post'>) {
  return callData('post', '/api/register/enterprise/info', { body, silent: true });
}

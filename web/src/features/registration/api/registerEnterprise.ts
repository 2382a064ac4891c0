import { http } from '@/shared/api/http';
import type { AccountStepBody, Registered } from './types';

/** registerEnterprise creates an enterprise account (POST /api/register/enterprise) and signs it in. */
export function registerEnterprise(body: AccountStepBody): Promise<Registered> {
  return http.post<Registered>('/api/register/enterprise', body, { anonymous: true, silent: true });
}

import { http } from '@/shared/api/http';
import type { AccountStepBody, Registered } from './types';

/** registerPerson creates a person account (POST /api/register/account) and signs it in. */
export function registerPerson(body: AccountStepBody): Promise<Registered> {
  return http.post<Registered>('/api/register/account', body, { anonymous: true, silent: true });
}

import { callData, type RequestBody } from '@/shared/api/contract';

/**
 * AccountStepBody is the account step (regForm) as sent. It carries no graphic code:
 * the SMS send used it up, and the SMS code protects the submit (docs/decisions/registration.md).
 */
export type AccountStepBody = RequestBody<'/api/register/account', 'post'>;

/** registerPerson creates a person account (POST /api/register/account) and signs it in. */
export function registerPerson(body: AccountStepBody) {
  return callData('post', '/api/register/account', { body, anonymous: true, silent: true });
}

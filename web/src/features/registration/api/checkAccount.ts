import { callData } from '@/shared/api/contract';

/** checkAccount asks whether a name is free (POST /api/register/repeat/check); a taken name rejects (409). */
export function checkAccount(account: string) {
  return callData('post', '/api/register/repeat/check', { body: { account }, anonymous: true, silent: true });
}

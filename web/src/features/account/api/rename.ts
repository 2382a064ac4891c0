import { callData } from '@/shared/api/contract';

/** rename changes the login account once (PUT /api/account/reloginname/{newAccount}). */
export function rename(newAccount: string) {
  return callData('put', '/api/account/reloginname/{newAccount}', { path: { newAccount }, silent: true });
}

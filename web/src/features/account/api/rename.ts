import { http } from '@/shared/api/http';

/** rename changes the login account once (PUT /api/account/reloginname/{newAccount}). */
export function rename(newAccount: string): Promise<null> {
  return http.put<null>(`/api/account/reloginname/${encodeURIComponent(newAccount)}`, undefined, { silent: true });
}

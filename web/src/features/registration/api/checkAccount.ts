import { http } from '@/shared/api/http';

/** checkAccount asks whether a name is free (POST /api/register/repeat/check); a taken name rejects (409). */
export function checkAccount(account: string): Promise<boolean> {
  return http.post<boolean>('/api/register/repeat/check', { account }, { anonymous: true, silent: true });
}

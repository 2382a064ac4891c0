import { http } from '@/shared/api/http';

/** cancelVerification withdraws the pending verification (PUT /api/manage/user/revoke). */
export function cancelVerification(): Promise<null> {
  return http.put<null>('/api/manage/user/revoke', {});
}

import { callData } from '@/shared/api/contract';

/** cancelVerification withdraws the pending verification (PUT /api/manage/user/revoke). */
export function cancelVerification() {
  return callData('put', '/api/manage/user/revoke', { body: {} });
}

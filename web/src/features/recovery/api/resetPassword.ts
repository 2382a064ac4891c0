import { callData, type RequestBody } from '@/shared/api/contract';

/** ResetRequest is the new password (both values encrypted under keyId) for an account the checkCode lists. */
export type ResetRequest = RequestBody<'/api/retrieve/pwd/reset', 'post'>;

/** resetPassword sets the new password: POST /api/retrieve/pwd/reset. */
export function resetPassword(body: ResetRequest) {
  return callData('post', '/api/retrieve/pwd/reset', { body, silent: true });
}

import { callData, type RequestBody } from '@/shared/api/contract';

/** ChangePasswordBody carries both passwords encrypted under one transport key. */
export type ChangePasswordBody = RequestBody<'/api/account/pwd', 'put'>;

/** changePassword changes the password (PUT /api/account/pwd); every other session ends. */
export function changePassword(body: ChangePasswordBody) {
  return callData('put', '/api/account/pwd', { body, silent: true });
}

import { callData, type RequestBody } from '@/shared/api/contract';

/** ChangePhoneBody: the old phone's code and the new phone with its code. */
export type ChangePhoneBody = RequestBody<'/api/account/phone/{id}', 'put'>;

/** changePhone binds a new phone (PUT /api/account/phone/{id}, id = the caller's own). */
export function changePhone(userId: string, body: ChangePhoneBody) {
  return callData('put', '/api/account/phone/{id}', { path: { id: userId }, body, silent: true });
}

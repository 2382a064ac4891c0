import { callData, type RequestBody } from '@/shared/api/contract';

/** ChangeEmailBody: the bound phone's code and the new address with its code (both scene email). */
export type ChangeEmailBody = RequestBody<'/api/account/email/{id}', 'put'>;

/** changeEmail binds or changes the verified e-mail address (PUT /api/account/email/{id}, id = the caller's own). */
export function changeEmail(userId: string, body: ChangeEmailBody) {
  return callData('put', '/api/account/email/{id}', { path: { id: userId }, body, silent: true });
}

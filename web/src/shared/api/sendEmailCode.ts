import { callData, type RequestBody } from './contract';

/** SendEmailRequest is the body of POST /api/common/email/send. */
export type SendEmailRequest = RequestBody<'/api/common/email/send', 'post'>;

/** sendEmailCode sends an e-mail code and resolves to its id. */
export function sendEmailCode(body: SendEmailRequest) {
  return callData('post', '/api/common/email/send', { body, silent: true });
}

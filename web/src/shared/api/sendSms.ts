import { callData, type RequestBody } from './contract';

/** SendSmsRequest is the body of POST /api/common/sms/send: one graphic code allows one send. */
export type SendSmsRequest = RequestBody<'/api/common/sms/send', 'post'>;

/** SmsScene is the purpose a code is sent for; a code is valid only for its scene and number. */
export type SmsScene = SendSmsRequest['scene'];

/** sendSms sends an SMS code and resolves to its id (smsCodeId). */
export function sendSms(body: SendSmsRequest) {
  return callData('post', '/api/common/sms/send', { body, silent: true });
}

import { http } from './http';

/** SmsScene is the purpose a code is sent for; a code is valid only for its scene and number. */
export type SmsScene = 'register' | 'recover' | 'password' | 'phone' | 'contact' | 'login' | 'email';

/** SendSmsRequest is the body of POST /api/common/sms/send (DECISIONS.md). */
export interface SendSmsRequest {
  phone: string;
  scene: SmsScene;
  /** The graphic code's id and the typed text: one graphic code allows one send. */
  codeId: string;
  verificationCode: string;
}

/** sendSms sends an SMS code and resolves to its id (smsCodeId). */
export function sendSms(body: SendSmsRequest): Promise<string> {
  return http.post<string>('/api/common/sms/send', body, { silent: true });
}

/** SendEmailRequest is the body of POST /api/common/email/send. */
export interface SendEmailRequest {
  email: string;
  scene: SmsScene;
  codeId: string;
  verificationCode: string;
}

/** sendEmailCode sends an e-mail code and resolves to its id. */
export function sendEmailCode(body: SendEmailRequest): Promise<string> {
  return http.post<string>('/api/common/email/send', body, { silent: true });
}

import { http } from '@/shared/api/http';

export interface ResetRequest {
  /** Both encrypted under keyId. */
  password: string;
  confirmPwd: string;
  keyId: string;
  accountId: number;
  checkCode: string;
}

/** resetPassword sets the new password: POST /api/retrieve/pwd/reset. */
export function resetPassword(body: ResetRequest): Promise<unknown> {
  return http.post<unknown>('/api/retrieve/pwd/reset', body, { silent: true });
}

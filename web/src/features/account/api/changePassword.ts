import { http } from '@/shared/api/http';

/** ChangePasswordBody carries both passwords encrypted under one transport key. */
export interface ChangePasswordBody {
  keyId: string;
  oldPwd: string;
  pwd: string;
  checkCode: string;
  checkCodeId: string;
}

/** changePassword changes the password (PUT /api/account/pwd); every other session ends. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return http.put<null>('/api/account/pwd', body, { silent: true });
}

import { http } from '@/shared/api/http';

/** ChangePhoneBody: the old phone's code and the new phone with its code. */
export interface ChangePhoneBody {
  checkCode: string;
  checkCodeId: string;
  phone: string;
  smsCode: string;
  smsCodeId: string;
}

/** changePhone binds a new phone (PUT /api/account/phone/{id}, id = the caller's own). */
export function changePhone(userId: string, body: ChangePhoneBody): Promise<null> {
  return http.put<null>(`/api/account/phone/${encodeURIComponent(userId)}`, body, { silent: true });
}

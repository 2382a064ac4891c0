import type { RequestBody, ResponseBody } from '@/shared/api/contract';
import type { CaptchaType } from '@/shared/api/types';
import { ajPost } from './aj';

export type { CaptchaImage, CaptchaType } from '@/shared/api/types';

/** CaptchaGetAnswer is the AJ-Captcha answer of /captcha/get (repData a CaptchaImage on success). */
export type CaptchaGetAnswer = ResponseBody<'/captcha/get', 'post'>;

/** getCaptcha asks for a new captcha: POST /captcha/get {captchaType, clientUid, ts}. */
export function getCaptcha(captchaType: CaptchaType, clientUid: string, signal?: AbortSignal): Promise<CaptchaGetAnswer> {
  const body: RequestBody<'/captcha/get', 'post'> = { captchaType, clientUid, ts: Date.now() };
  return ajPost<CaptchaGetAnswer>('/captcha/get', body, signal);
}

import type { RequestBody, ResponseBody } from '@/shared/api/contract';
import type { CaptchaType } from '@/shared/api/types';
import { ajPost } from './aj';

/** CaptchaCheckAnswer is the AJ-Captcha answer of /captcha/check. */
export type CaptchaCheckAnswer = ResponseBody<'/captcha/check', 'post'>;

/** checkCaptcha sends one answer: POST /captcha/check {captchaType, pointJson, token}. */
export function checkCaptcha(captchaType: CaptchaType, pointJson: string, token: string, signal?: AbortSignal): Promise<CaptchaCheckAnswer> {
  const body: RequestBody<'/captcha/check', 'post'> = { captchaType, pointJson, token };
  return ajPost<CaptchaCheckAnswer>('/captcha/check', body, signal);
}

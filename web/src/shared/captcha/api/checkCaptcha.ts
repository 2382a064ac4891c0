import { ajPost, type AjResponse } from './aj';
import type { CaptchaType } from './getCaptcha';

/** checkCaptcha sends one answer: POST /captcha/check {captchaType, pointJson, token}. */
export function checkCaptcha(
  captchaType: CaptchaType,
  pointJson: string,
  token: string,
  signal?: AbortSignal,
): Promise<AjResponse<{ captchaType: string; token: string; result: boolean }>> {
  return ajPost('/captcha/check', { captchaType, pointJson, token }, signal);
}

import { checkCaptcha } from './api/checkCaptcha';
import type { CaptchaImage, CaptchaType } from './api/getCaptcha';
import { sealed } from './protocol';

/**
 * checkAnswer sends the point JSON of an answer, sealed with the image's key, and tells whether
 * it passed (repCode 0000). No answer counts as a failure, so the widget loads a new image.
 */
export function checkAnswer(type: CaptchaType, pointJson: string, image: CaptchaImage): Promise<boolean> {
  return sealed(pointJson, image.secretKey)
    .then((p) => checkCaptcha(type, p, image.token))
    .then(
      (res) => res.repCode === '0000',
      () => false,
    );
}

import type { CaptchaType } from './api/getCaptcha';
import { ClickWordCaptcha } from './ClickWordCaptcha';
import type { CaptchaProps } from './protocol';
import { SliderCaptcha } from './SliderCaptcha';

/** Captcha shows the widget for an AJ-Captcha type: the slider for blockPuzzle (sign-in's), click-word for clickWord. */
export function Captcha({ type = 'blockPuzzle', ...props }: CaptchaProps & { type?: CaptchaType }) {
  return type === 'clickWord' ? <ClickWordCaptcha {...props} /> : <SliderCaptcha {...props} />;
}

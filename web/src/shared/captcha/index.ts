/** Captcha widgets shared by sign-in, registration, recovery and SMS sending. */
export { Captcha } from './Captcha';
export { ClickWordCaptcha } from './ClickWordCaptcha';
export { GraphicCode, type GraphicCodeHandle, type GraphicCodeProps } from './GraphicCode';
export { SliderCaptcha } from './SliderCaptcha';
export type { CaptchaProps, CaptchaSuccess } from './protocol';
export type { CaptchaType } from './api/getCaptcha';

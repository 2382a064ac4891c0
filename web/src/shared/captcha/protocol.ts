import { aesEcbEncrypt } from './aes';

/** The AJ-Captcha image is 310x155: clients scale their points to it (01 §5 Captcha). */
export const AJ_WIDTH = 310;
export const AJ_HEIGHT = 155;
/** The slider's y is fixed at 5: the piece is a strip as tall as the image (docs/spec/DECISIONS.md). */
export const SLIDER_Y = 5;
/** Width of the piece strip in image pixels. */
export const PIECE_WIDTH = 47;

/**
 * imageSrc turns AJ's bare base64 into a data URL. The server sends JPEG backgrounds and PNG
 * pieces; the type is read from the data's first bytes so the widgets do not depend on the
 * server's choice (a JPEG's base64 starts with /9j/).
 */
export function imageSrc(base64: string): string {
  const type = base64.startsWith('/9j/') ? 'image/jpeg' : 'image/png';
  return `data:${type};base64,${base64}`;
}

/** sealed encrypts text with the captcha's key, or leaves it plain when the server issued none. */
export function sealed(text: string, secretKey: string | undefined): Promise<string> {
  return secretKey ? aesEcbEncrypt(text, secretKey) : Promise.resolve(text);
}

/**
 * verification is the captchaVerification handed to the protected call (sign-in's `captcha`):
 * token, three dashes and the very point JSON that was checked, sealed like it.
 */
export function verification(token: string, pointJson: string, secretKey: string | undefined): Promise<string> {
  return sealed(`${token}---${pointJson}`, secretKey);
}

/** CaptchaSuccess is what a widget emits once the captcha is passed. */
export interface CaptchaSuccess {
  captchaVerification: string;
}

/** CaptchaProps are the props both widgets (and the Captcha wrapper) take. */
export interface CaptchaProps {
  /** 'pop' (default): a dialog titled 请完成安全验证, shown while `open`; 'embed': inline. */
  mode?: 'pop' | 'embed';
  /** pop mode: whether the dialog is shown. */
  open?: boolean;
  /** pop mode: the user closed the dialog, or it closed itself after success. */
  onClose?: () => void;
  /** The captcha was passed; hand captchaVerification to the protected call. */
  onSuccess: (result: CaptchaSuccess) => void;
  /** A check failed (the widget then shows a new image by itself). */
  onError?: () => void;
  /** Displayed image width in CSS pixels (default 310); points are scaled back to 310. */
  width?: number;
}

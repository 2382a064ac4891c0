import { ajPost, type AjResponse } from './aj';

export type CaptchaType = 'blockPuzzle' | 'clickWord';

/** CaptchaImage is repData of a successful get. */
export interface CaptchaImage {
  captchaType: CaptchaType;
  /** base64 without a data-URL prefix (JPEG or PNG: see imageSrc). */
  originalImageBase64: string;
  /** blockPuzzle: the piece, a transparent PNG strip as tall as the image. */
  jigsawImageBase64?: string;
  /** clickWord: the characters to click, in order. */
  wordList?: string[];
  token: string;
  /** Key for pointJson; absent when the server takes plain points. */
  secretKey?: string;
}

/** getCaptcha asks for a new captcha: POST /captcha/get {captchaType, clientUid, ts}. */
export function getCaptcha(
  captchaType: CaptchaType,
  clientUid: string,
  signal?: AbortSignal,
): Promise<AjResponse<CaptchaImage>> {
  return ajPost<CaptchaImage>('/captcha/get', { captchaType, clientUid, ts: Date.now() }, signal);
}

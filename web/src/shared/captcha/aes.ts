/**
 * AES-128-ECB with PKCS#7 padding, base64 out: the cipher AJ-Captcha clients use for pointJson
 * and captchaVerification, keyed by the UTF-8 bytes of the captcha's secretKey.
 *
 * WebCrypto has no ECB mode, so each block is encrypted as a one-block AES-CBC message with a
 * zero IV: CBC's first ciphertext block is then E(P xor 0) = E(P), exactly ECB's block (WebCrypto
 * appends a padding block of its own, which we drop). This uses the browser's own AES rather than
 * a JavaScript implementation or a dependency (docs/decisions/captcha-and-codes.md, "Captcha"). It needs a secure context
 * (HTTPS or localhost), as the password encryption of sign-in does anyway.
 */
const BLOCK = 16;

export async function aesEcbEncrypt(plain: string, key: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto unavailable: the page must be served over HTTPS');
  const k = await subtle.importKey('raw', new TextEncoder().encode(key), { name: 'AES-CBC' }, false, ['encrypt']);
  const data = new TextEncoder().encode(plain);
  const pad = BLOCK - (data.length % BLOCK);
  const padded = new Uint8Array(data.length + pad);
  padded.set(data);
  padded.fill(pad, data.length);
  const iv = new Uint8Array(BLOCK);
  const out = new Uint8Array(padded.length);
  const blocks = [];
  for (let i = 0; i < padded.length; i += BLOCK) {
    blocks.push(subtle.encrypt({ name: 'AES-CBC', iv }, k, padded.subarray(i, i + BLOCK)));
  }
  (await Promise.all(blocks)).forEach((c, n) => out.set(new Uint8Array(c, 0, BLOCK), n * BLOCK));
  let bin = '';
  for (const b of out) bin += String.fromCharCode(b);
  return btoa(bin);
}

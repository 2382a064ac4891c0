/**
 * Password transport (docs/spec/DECISIONS.md "Encrypted password"): every call that carries a
 * password sends `password` = base64 of RSA-OAEP-SHA-256 over the UTF-8 JSON
 * `{"password", "ts", "nonce"}` with the server's current key, plus `keyId`. The
 * timestamp and the random nonce stop a captured value from being replayed.
 *
 * WebCrypto exists only in secure contexts (https, or http on localhost/127.0.0.1).
 */
import { callData, type ResponseData } from '../api/contract';

/** PublicKey is the answer of GET /api/auth/pubkey. */
export type PublicKey = ResponseData<'/api/auth/pubkey', 'get'>;

/** EncryptedPassword is what a form sends in place of the plain password. */
export interface EncryptedPassword {
  password: string;
  keyId: string;
}

/** getPublicKey fetches the current transport key (one request per submit: keys rotate). */
export function getPublicKey(signal?: AbortSignal): Promise<PublicKey> {
  return callData('get', '/api/auth/pubkey', { signal });
}

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function nonce(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** importPublicKey turns the PEM (SubjectPublicKeyInfo) into a WebCrypto key. */
export function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** encryptWith encrypts one password under an imported key; now is for tests. */
export async function encryptWith(key: CryptoKey, password: string, now: number = Date.now()): Promise<string> {
  const plain = new TextEncoder().encode(JSON.stringify({ password, ts: now, nonce: nonce() }));
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain));
}

/** encryptPassword fetches the key and encrypts password for sending. */
export async function encryptPassword(password: string): Promise<EncryptedPassword> {
  const { pubkey, keyId } = await getPublicKey();
  const key = await importPublicKey(pubkey);
  return { password: await encryptWith(key, password), keyId };
}

/**
 * encryptPasswords encrypts several passwords under one key (a reset sends the password
 * and its confirmation, each with its own nonce).
 */
export async function encryptPasswords(...passwords: string[]): Promise<{ keyId: string; values: string[] }> {
  const { pubkey, keyId } = await getPublicKey();
  const key = await importPublicKey(pubkey);
  const values = await Promise.all(passwords.map((p) => encryptWith(key, p)));
  return { keyId, values };
}

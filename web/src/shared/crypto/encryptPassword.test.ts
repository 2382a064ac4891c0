import { describe, expect, it } from 'vitest';
import { encryptWith } from './encryptPassword';

describe('encryptWith', () => {
  it('encrypts {password, ts, nonce} with RSA-OAEP SHA-256, a fresh nonce each time', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const open = async (b64: string) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bin);
      return JSON.parse(new TextDecoder().decode(plain)) as { password: string; ts: number; nonce: string };
    };
    const a = await open(await encryptWith(pair.publicKey, 'Passw0rd!密', 1700000000000));
    const b = await open(await encryptWith(pair.publicKey, 'Passw0rd!密', 1700000000000));
    expect(a.password).toBe('Passw0rd!密');
    expect(a.ts).toBe(1700000000000);
    expect(a.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(b.nonce).not.toBe(a.nonce);
  });
});

import { describe, expect, it } from 'vitest';
import { aesEcbEncrypt } from './aes';

// Vectors made by OpenSSL (the same as the Go tests use):
//   printf '%s' '{"x":123.456,"y":5}' | openssl enc -aes-128-ecb -K "$(printf '%s' XwKsGlMcdPMEhR1B | xxd -p)" -base64 -A
describe('aesEcbEncrypt', () => {
  it('matches openssl enc -aes-128-ecb', async () => {
    expect(await aesEcbEncrypt('{"x":123.456,"y":5}', 'XwKsGlMcdPMEhR1B')).toBe(
      '64mwu/wnIuVQ2igy+d9eh5TKdr7HaFSa1mH8+maWwDE=',
    );
    expect(await aesEcbEncrypt('abcdefghijklmnop---[{"x":10,"y":20}]', 'k8Jd2LmQpZ0aB7cX')).toBe(
      'uJC62JeenNBmoBCt2ClF3/7uSA+y48Hyhyv086bTKen7ZUs/QCo0c6W93eIf7QUJ',
    );
  });

  it('pads a whole block when the text fills one exactly', async () => {
    const c = await aesEcbEncrypt('0123456789abcdef', 'XwKsGlMcdPMEhR1B');
    expect(c).toBe('tFtsLXeXcaUgFk76bz5LkARn/QtkVQVMZBiB2ll12Cw='); // openssl, as above
    expect(atob(c)).toHaveLength(32);
  });
});

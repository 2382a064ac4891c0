// A fake of Longmai's mToken GM3000 service (POST /alpha, `json=<JSON>` with `function`) for the
// browser tests of the USB-key certificate path (certificates.test.mjs, sso.test.mjs): it holds
// one key whose certificate and private key come from a .pfx of the development CA and signs the
// attached PKCS#7 with openssl, so the server verifies a real signature. It answers with CORS as
// the real service must for a page of another origin.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/**
 * @typedef {object} UsbKey  the key's state; pfx and dir may be set after the service starts
 * @property {string} pfx  the .pfx whose certificate and key the key holds
 * @property {string} pfxPassword
 * @property {string} pin  the PIN SOF_Login accepts
 * @property {string} dir  where the PEM files for openssl go
 * @property {boolean} loggedIn
 * @property {string[]} calls  the functions called, in order
 */

/**
 * startFakeLongmai starts the service on a free loopback port for key.
 * @param {UsbKey} key
 * @returns {Promise<{ server: import('node:http').Server, origin: string }>}
 */
export async function startFakeLongmai(key) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (b) => (body += b));
    req.on('end', () => {
      const m = JSON.parse(body.slice('json='.length));
      key.calls.push(m.function);
      const pem = (/** @type {string[]} */ args) => execFileSync('openssl', ['pkcs12', '-in', key.pfx, '-passin', `pass:${key.pfxPassword}`, ...args]).toString();
      /** @type {Record<string, unknown>} */
      let out = { rtn: 0 };
      if (m.function === 'SOF_EnumDevice') out = { rtn: 0, array: 'mToken GM3000 E2E' };
      if (m.function === 'SOF_GetUserList') out = { rtn: 0, array: 'e2e||RSA-E2E&&&' };
      // Only the base64 between the PEM markers: openssl prints the bag attributes and the
      // subject before them, which left in made the page's certificate unreadable.
      if (m.function === 'SOF_ExportUserCert') out = { rtn: 0, cert: (/-----BEGIN CERTIFICATE-----([^-]+)-----END/.exec(pem(['-clcerts', '-nokeys'])) ?? ['', ''])[1].replace(/\s/g, '') };
      if (m.function === 'SOF_Login') {
        key.loggedIn = m.passWd === key.pin;
        out = { rtn: key.loggedIn ? 0 : 0x0a000024 };
      }
      if (m.function === 'SOF_GetPinRetryCount') out = { rtn: 0, retryCount: 9 };
      if (m.function === 'SOF_SignDataToPKCS7') {
        const dir = join(key.dir, 'usb');
        mkdirSync(dir, { recursive: true });
        execFileSync('sh', ['-c', `openssl pkcs12 -in "$1" -passin "pass:$2" -clcerts -nokeys -out "$3/cert.pem" && openssl pkcs12 -in "$1" -passin "pass:$2" -nocerts -nodes -out "$3/key.pem"`, 'sh', key.pfx, key.pfxPassword, dir]);
        const p7 = execFileSync('openssl', ['cms', '-sign', '-binary', '-nodetach', '-md', 'sha256', '-outform', 'DER', '-signer', join(dir, 'cert.pem'), '-inkey', join(dir, 'key.pem')], { input: m.inData });
        out = key.loggedIn ? { rtn: 0, pkcs7: p7.toString('base64') } : { rtn: 0x0a00002d, pkcs7: '' };
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  return { server, origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}` };
}

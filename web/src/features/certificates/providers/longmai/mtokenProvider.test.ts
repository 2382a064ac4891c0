// The Longmai mToken GM3000 adapter against a small fake of its certificate service: POST
// <origin>/alpha, form-urlencoded `json=<JSON>` with the call in `function` (as Longmai's
// mToken.js sends it), replies rtn/array/cert/retryCount/pkcs7. The first origin is closed so
// the adapter moves on; the fake signs with the soft test key, so the PKCS#7 is a real one.
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import { signedData } from '../soft/cms';
import forge from '../soft/forge';
import { openPfx } from '../soft/pfx';
import rsaPbes2 from '../soft/testdata/rsa-pbes2.pfx.b64?raw';
import { createMTokenProvider, type Fetch } from './mtokenProvider';

const DEVICE = 'mToken GM3000 0001';
const CONTAINER = 'RSA-{6F1D}';
const PIN = '12345678';

function fake() {
  const key = openPfx(forge.util.binary.raw.decode(forge.util.decode64(rsaPbes2.replace(/\s/g, ''))), 'Test-1234');
  const cert = forge.util.encode64(key.cert.der);
  const seen: Record<string, unknown>[] = [];
  const urls: string[] = [];
  let retries = 6;
  let opened = '';
  let loggedIn = false;
  let lastError = 0;
  const answer = (m: Record<string, unknown>): Record<string, unknown> => {
    switch (m.function) {
      case 'SOF_LoadLibrary':
        return { rtn: m.winDllName === 'mtoken_gm3000.dll' ? 0 : -1 };
      case 'SOF_EnumDevice':
        return { rtn: 0, array: `${DEVICE}||` };
      case 'SOF_GetDeviceInstance':
        opened = String(m.deviceName);
        return { rtn: opened === DEVICE ? 0 : 1 };
      case 'SOF_GetUserList':
        return { rtn: 0, array: `测试建设有限公司||${CONTAINER}&&&` };
      case 'SOF_ExportUserCert':
        return { rtn: 0, cert: m.containerName === CONTAINER && m.keySpec === 1 ? cert : '' };
      case 'SOF_Login':
        loggedIn = m.passWd === PIN && m.deviceName === opened;
        if (!loggedIn) retries--;
        return { rtn: loggedIn ? 0 : 0x0a000024 };
      case 'SOF_GetPinRetryCount':
        return { rtn: 0, retryCount: retries };
      case 'SOF_SignDataToPKCS7':
        if (!loggedIn) {
          lastError = 0x0a00002d;
          return { rtn: lastError, pkcs7: '' };
        }
        return { rtn: 0, pkcs7: forge.util.encode64(signedData(forge.util.encodeUtf8(String(m.inData)), key.cert, key.algorithms)) };
      case 'SOF_GetLastError':
        return { rtn: lastError };
      default:
        return { rtn: -1 };
    }
  };
  const fetcher: Fetch = (url, init) => {
    urls.push(url);
    if (url.startsWith('http://127.0.0.1:51235')) return Promise.reject(new TypeError('Failed to fetch'));
    expect(init.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body.startsWith('json={')).toBe(true);
    const m = JSON.parse(init.body.slice('json='.length)) as Record<string, unknown>;
    seen.push(m);
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(answer(m))) });
  };
  const provider = createMTokenProvider(['http://127.0.0.1:51235', 'https://127.0.0.1:51245'], fetcher);
  return { key, cert, seen, urls, provider };
}

describe('Longmai mToken GM3000 adapter', () => {
  it('lists the keys certificates, checks the PIN and signs an attached PKCS#7 that verifies', async () => {
    const { key, cert, seen, urls, provider } = fake();
    const [c] = await provider.list();
    expect(urls.slice(0, 2)).toEqual(['http://127.0.0.1:51235/alpha', 'https://127.0.0.1:51245/alpha']);
    expect(c).toMatchObject({ id: `${DEVICE}||${CONTAINER}`, serialNumber: key.cert.serialNumber, owner: '测试建设有限公司', certificate: cert });
    expect(seen.map((m) => m.function)).toEqual(['SOF_LoadLibrary', 'SOF_EnumDevice', 'SOF_GetDeviceInstance', 'SOF_GetUserList', 'SOF_ExportUserCert']);
    expect(seen[0]).toEqual({ function: 'SOF_LoadLibrary', winDllName: 'mtoken_gm3000.dll', linuxSOName: 'libgm3000.1.0.so', macDylibName: 'libgm3000.1.0.dylib' });

    // Not logged in: the service's last error goes into the message.
    await expect(provider.sign(c.id, 'challenge-1')).rejects.toThrow(`${certText.signFailed} (0xA00002D)`);
    await expect(provider.login(c.id, '000000')).rejects.toThrow(certText.pinWrong(5));
    await provider.login(c.id, PIN);
    const s = await provider.sign(c.id, 'challenge-1');
    expect(seen.at(-1)).toEqual({ function: 'SOF_SignDataToPKCS7', deviceName: DEVICE, containerName: CONTAINER, keySpec: 1, inData: 'challenge-1', detached: 0 });
    expect(s).toMatchObject({ signType: 1, certificate: cert });
    // Once an origin answered, the closed one is not tried again.
    expect(urls.filter((u) => u.startsWith('http://127.0.0.1:51235'))).toHaveLength(1);

    const ci = forge.asn1.fromDer(forge.util.decode64(s.signToken), { decodeBitStrings: false });
    const sd = ((ci.value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as forge.Asn1[];
    const content = ((sd[2].value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as string;
    expect(content).toBe('challenge-1');
    const si = (sd[4].value as forge.Asn1[])[0].value as forge.Asn1[];
    const attrs = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, si[3].value)).getBytes();
    const pub = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.asn1.toDer(key.cert.spki).getBytes()));
    expect(pub.verify(forge.md.sha256.create().update(attrs).digest().getBytes(), si[5].value as string)).toBe(true);
  });

  it('says 控件未安装 when no origin answers and 未获取到证书！ when no key is plugged in', async () => {
    const down = createMTokenProvider(['http://127.0.0.1:51235'], () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.list()).rejects.toThrow(certText.notInstalled);
    const empty = createMTokenProvider(['http://127.0.0.1:51235'], (_u, init) => {
      const m = JSON.parse(init.body.slice(5)) as { function: string };
      return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(m.function === 'SOF_EnumDevice' ? { rtn: 0, array: '' } : { rtn: 0 })) });
    });
    await expect(empty.list()).rejects.toThrow(certText.noCertificate);
  });
});

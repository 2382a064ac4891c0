// The SZCA adapter against a small fake of its local SOAP service: POST <origin>/Service1.asmx,
// text/xml, SOAPAction http://tempuri.org/<Action>, a SOAP 1.1 envelope with the action's
// element in tempuri.org (as szcapki.js sends it); answers outData / bPass / errMsg. The first
// origin is closed so the adapter moves on; the fake signs with the soft test key, so the
// PKCS#7 is a real one.
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import { signedData } from '../soft/cms';
import forge from '../soft/forge';
import { openPfx } from '../soft/pfx';
import rsaPbes2 from '../soft/testdata/rsa-pbes2.pfx.b64?raw';
import type { Post } from '../loopback';
import { createSzcaProvider, utf8Base64 } from './szcaProvider';

const SN = '3ed84804aeaf412f866f5eb99988dcfa';
const PIN = '12345678';

/** reply wraps the answer fields in the ASMX response envelope. */
function reply(action: string, fields: Record<string, string>) {
  const inner = Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${action}Response xmlns="http://tempuri.org/"><${action}Result>0</${action}Result>${inner}</${action}Response></soap:Body></soap:Envelope>`;
}

const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

function fake(list = `测试建设有限公司#${SN}#SZCA RSA CA;`) {
  const key = openPfx(forge.util.binary.raw.decode(forge.util.decode64(rsaPbes2.replace(/\s/g, ''))), 'Test-1234');
  const cert = forge.util.encode64(key.cert.der);
  const seen: { action: string; fields: Record<string, string>; order: string[] }[] = [];
  const urls: string[] = [];
  let loggedIn = false;
  let lastError = '';
  const answer = (action: string, f: Record<string, string>): Record<string, string> => {
    switch (action) {
      case 'SZCAGetCertList':
        return { outData: utf8Base64(list) };
      case 'SZCAGetCertDataBySignSN':
        // The real service folds long base64 lines; the adapter must not mind.
        return { outData: f.signSN === SN ? cert.replace(/(.{64})/g, '$1\n') : '' };
      case 'SZCALoginKeyBySignSN':
        loggedIn = f.signSN === SN && decode(f.strPIN) === PIN;
        lastError = loggedIn ? '' : '口令错误，剩余重试次数5';
        return { bPass: loggedIn ? '0' : '-1' };
      case 'SZCASignMessageBySignSN':
        if (!loggedIn || f.bDetach !== '0') {
          lastError = '用户未登录';
          return { outData: '' };
        }
        return { outData: forge.util.encode64(signedData(forge.util.decode64(f.inData), key.cert, key.algorithms)) };
      case 'SZCAGetLastErrMsg':
        return { errMsg: lastError };
      default:
        throw new Error(`unexpected ${action}`);
    }
  };
  const post: Post = (url, init) => {
    urls.push(url);
    if (url.startsWith('http://127.0.0.1:21317')) return Promise.reject(new TypeError('Failed to fetch'));
    expect(init.headers['Content-Type']).toBe('text/xml; charset=utf-8');
    const doc = new DOMParser().parseFromString(init.body, 'text/xml');
    const env = doc.documentElement;
    expect(env.namespaceURI).toBe('http://schemas.xmlsoap.org/soap/envelope/');
    const body = Array.from(env.children).find((c) => c.localName === 'Body')!;
    const el = body.firstElementChild!;
    expect(el.namespaceURI).toBe('http://tempuri.org');
    expect(init.headers.SOAPAction).toBe(`http://tempuri.org/${el.localName}`);
    const fields = Object.fromEntries(Array.from(el.children, (c) => [c.localName, c.textContent ?? '']));
    seen.push({ action: el.localName, fields, order: Object.keys(fields) });
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(reply(el.localName, answer(el.localName, fields))) });
  };
  const provider = createSzcaProvider(['http://127.0.0.1:21317', 'https://127.0.0.1:18981'], post);
  return { key, cert, seen, urls, provider };
}

describe('SZCA SOAP adapter', () => {
  it('lists the key certificates, checks the PIN and signs an attached PKCS#7 over the challenge that verifies', async () => {
    const { key, cert, seen, urls, provider } = fake();
    const [c] = await provider.list();
    expect(urls.slice(0, 2)).toEqual(['http://127.0.0.1:21317/Service1.asmx', 'https://127.0.0.1:18981/Service1.asmx']);
    expect(c).toMatchObject({ id: SN, serialNumber: key.cert.serialNumber, owner: '测试建设有限公司', certificate: cert });
    expect(seen.map((m) => m.action)).toEqual(['SZCAGetCertList', 'SZCAGetCertDataBySignSN']);

    await expect(provider.sign(c.id, 'challenge-1')).rejects.toThrow(`${certText.signFailed}（用户未登录）`);
    await expect(provider.login(c.id, '000000')).rejects.toThrow(certText.pinRefused('口令错误，剩余重试次数5'));
    await provider.login(c.id, PIN);
    expect(seen.filter((m) => m.action === 'SZCALoginKeyBySignSN').at(-1)).toEqual({ action: 'SZCALoginKeyBySignSN', fields: { strPIN: btoa(PIN), signSN: SN }, order: ['strPIN', 'signSN'] });
    const s = await provider.sign(c.id, 'challenge-1');
    expect(seen.at(-1)).toMatchObject({ action: 'SZCASignMessageBySignSN', fields: { inData: btoa('challenge-1'), bDetach: '0', signSN: SN }, order: ['inData', 'bDetach', 'signSN'] });
    expect(s).toMatchObject({ signType: 1, certificate: cert });
    // Once an origin answered, the closed one is not tried again.
    expect(urls.filter((u) => u.startsWith('http://127.0.0.1:21317'))).toHaveLength(1);

    // The PKCS#7 carries the challenge and a signature the certificate's key verifies.
    const ci = forge.asn1.fromDer(forge.util.decode64(s.signToken), { decodeBitStrings: false });
    const sd = ((ci.value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as forge.Asn1[];
    const content = ((sd[2].value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as string;
    expect(content).toBe('challenge-1');
    const si = (sd[4].value as forge.Asn1[])[0].value as forge.Asn1[];
    const attrs = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, si[3].value)).getBytes();
    const pub = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.asn1.toDer(key.cert.spki).getBytes()));
    expect(pub.verify(forge.md.sha256.create().update(attrs).digest().getBytes(), si[5].value as string)).toBe(true);
  });

  it('sends a challenge with other characters as base64 of its UTF-8', async () => {
    const { seen, provider } = fake();
    const [c] = await provider.list();
    await provider.login(c.id, PIN);
    await provider.sign(c.id, '登录<&>');
    expect(decode(seen.at(-1)!.fields.inData)).toBe('登录<&>');
  });

  it('says 控件未安装 when no origin answers, 未获取到证书！ for an empty key, and reads a SOAP fault', async () => {
    const down = createSzcaProvider(['http://127.0.0.1:21317'], () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.list()).rejects.toThrow(certText.notInstalled);
    await expect(fake('').provider.list()).rejects.toThrow(certText.noCertificate);
    const fault = createSzcaProvider(['http://127.0.0.1:21317'], () =>
      Promise.resolve({
        ok: false,
        status: 500,
        text: () =>
          Promise.resolve('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>未找到设备</faultstring></soap:Fault></soap:Body></soap:Envelope>'),
      }),
    );
    await expect(fault.list()).rejects.toThrow(`${certText.readError}：未找到设备`);
    const notSoap = createSzcaProvider(['http://127.0.0.1:21317'], () => Promise.resolve({ ok: false, status: 404, text: () => Promise.resolve('Not Found') }));
    await expect(notSoap.list()).rejects.toThrow(certText.notInstalled);
  });
});

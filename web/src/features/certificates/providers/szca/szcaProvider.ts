import { certText } from '@/shared/locales/certificates';
import { certificateInfo } from '../keyCertificate';
import { stickyOrigin, type Post } from '../loopback';
import { CertificateError, type CertificateInfo, type KeyProvider, type SignedChallenge } from '../types';

/** The SOAP namespace of SZCA's ASMX service (without the trailing slash, as szcapki.js writes it). */
const NS = 'http://tempuri.org';

/** utf8Base64 is how szcapki.js sends text fields: base64 of the UTF-8 bytes. */
export function utf8Base64(s: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromUtf8Base64(b64: string): string {
  const bin = atob(b64.replace(/\s/g, ''));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** envelope is the SOAP 1.1 request szcapki.js builds: the action's element in tempuri.org, one child per field, in order. */
export function envelope(action: string, fields: [string, string | number][]): string {
  const body = fields.length
    ? `<${action} xmlns="${NS}">${fields.map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`).join('')}</${action}>`
    : `<${action} xmlns="${NS}" />`;
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/**
 * createSzcaProvider talks to SZCA's (深圳CA) local SOAP service: POST <origin>/Service1.asmx,
 * text/xml, SOAPAction http://tempuri.org/<Action>. SZCAGetCertList answers base64 of UTF-8
 * "name#signSN#issuer;…", SZCAGetCertDataBySignSN a certificate (base64 DER),
 * SZCALoginKeyBySignSN checks the PIN (bPass "0"), SZCASignMessageBySignSN (bDetach 0) makes the
 * attached PKCS#7 the server takes as signType 1; failures are explained by SZCAGetLastErrMsg.
 * The certificate's id is its signSN.
 */
export function createSzcaProvider(origins: string[], post: Post): KeyProvider {
  const service = stickyOrigin(origins);
  const certs = new Map<string, string>();

  async function send(base: string, action: string, fields: [string, string | number][], answer: string): Promise<string> {
    const res = await post(`${base}/Service1.asmx`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `${NS}/${action}` },
      body: envelope(action, fields),
    });
    const text = await res.text();
    const doc = new DOMParser().parseFromString(text, 'text/xml');
    // An ASMX fault is HTTP 500 with soap:Fault: the service is there but refused the call.
    const fault = doc.getElementsByTagName('faultstring')[0]?.textContent;
    if (fault) throw new CertificateError(`${certText.readError}：${fault}`);
    if (!res.ok) throw new CertificateError(certText.notInstalled);
    const el = doc.getElementsByTagName(answer)[0];
    if (!el) throw new CertificateError(certText.readError);
    return el.textContent ?? '';
  }

  const call = (action: string, fields: [string, string | number][], answer: string) => service.call((o) => send(o, action, fields, answer));

  /** lastError is the service's explanation of its last failure, or '' when it has none. */
  async function lastError(): Promise<string> {
    const msg = await call('SZCAGetLastErrMsg', [], 'errMsg').catch(() => '');
    if (msg) return msg;
    return call('SZCAGetLastErrCode', [], 'errCode').catch(() => '');
  }

  return {
    kind: 'szca',
    async list(): Promise<CertificateInfo[]> {
      const raw = await call('SZCAGetCertList', [], 'outData');
      let entries: string[];
      try {
        entries = raw ? fromUtf8Base64(raw).split(';').filter(Boolean) : [];
      } catch {
        throw new CertificateError(certText.readError);
      }
      const out: CertificateInfo[] = [];
      for (const entry of entries) {
        const sn = entry.split('#')[1];
        if (!sn) continue;
        const cert = (await call('SZCAGetCertDataBySignSN', [['signSN', sn]], 'outData')).replace(/\s/g, '');
        if (!cert) continue;
        certs.set(sn, cert);
        out.push(certificateInfo(sn, cert));
      }
      if (out.length === 0) throw new CertificateError(certText.noCertificate);
      return out;
    },
    async login(id, pin) {
      if (!certs.has(id)) throw new CertificateError(certText.noCertificate);
      // The field order is szcapki.js's (ASMX reads a sequence in order).
      const pass = await call('SZCALoginKeyBySignSN', [['strPIN', utf8Base64(pin)], ['signSN', id]], 'bPass');
      if (pass.trim() === '0') return;
      throw new CertificateError(certText.pinRefused(await lastError()));
    },
    async sign(id, challenge): Promise<SignedChallenge> {
      const certificate = certs.get(id);
      if (!certificate) throw new CertificateError(certText.noCertificate);
      const p7 = (await call('SZCASignMessageBySignSN', [['inData', utf8Base64(challenge)], ['bDetach', 0], ['signSN', id]], 'outData')).replace(/\s/g, '');
      if (!p7) {
        const why = await lastError();
        throw new CertificateError(why ? `${certText.signFailed}（${why}）` : certText.signFailed);
      }
      return { signType: 1, signToken: p7, certificate };
    },
    close() {
      service.reset();
    },
  };
}

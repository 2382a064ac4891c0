import { certText } from '@/shared/locales/certificates';
import { certificateInfo } from '../keyCertificate';
import { stickyOrigin, type Post } from '../loopback';
import { CertificateError, type CertificateInfo, type KeyProvider, type SignedChallenge } from '../types';

/** The GM3000 driver the service loads for each OS (SOF_LoadLibrary, as Longmai's mToken.js sends it). */
const LIBRARY = { winDllName: 'mtoken_gm3000.dll', linuxSOName: 'libgm3000.1.0.so', macDylibName: 'libgm3000.1.0.dylib' };
/** keySpec 1 is the signature key pair (0 the encryption one). */
const SIGNATURE = 1;

/** Fetch is the part of fetch the adapter uses (a fake in tests). */
export type Fetch = Post;

type Reply = Record<string, unknown> & { rtn?: number };

/**
 * createMTokenProvider talks to Longmai's mToken GM3000 certificate service: every call is a
 * POST of `json=<JSON>` (form-urlencoded) to <origin>/alpha with the call's name in `function`.
 * SOF_LoadLibrary loads the GM3000 driver, SOF_EnumDevice lists the keys ("a||b"),
 * SOF_GetDeviceInstance opens one, SOF_GetUserList lists its containers ("name||container&&&"),
 * SOF_ExportUserCert reads the signature certificate, SOF_Login checks the PIN (rtn 0),
 * SOF_SignDataToPKCS7 makes the attached PKCS#7 the server takes as signType 1. `origins` are
 * tried in order; a service that cannot be reached is 控件未安装 (the caller tells a Local Network
 * Access refusal apart).
 */
export function createMTokenProvider(origins: string[], fetcher: Fetch): KeyProvider {
  const service = stickyOrigin(origins);
  let loaded = false;
  const certs = new Map<string, { device: string; container: string; certificate: string }>();

  async function post(base: string, fn: string, args: Record<string, unknown>): Promise<Reply> {
    // The service reads the JSON as sent, not URL-decoded (mToken.js writes "json=" + JSON).
    const res = await fetcher(`${base}/alpha`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `json=${JSON.stringify({ function: fn, ...args })}`,
    });
    if (!res.ok) throw new CertificateError(certText.notInstalled);
    try {
      return JSON.parse(await res.text()) as Reply;
    } catch {
      throw new CertificateError(certText.readError);
    }
  }

  const call = (fn: string, args: Record<string, unknown> = {}): Promise<Reply> => service.call((o) => post(o, fn, args));

  /** fail reads the service's last error code into the message. */
  async function fail(what: string): Promise<never> {
    const r: Reply = await call('SOF_GetLastError').catch((): Reply => ({}));
    const code = typeof r.rtn === 'number' ? ` (0x${r.rtn.toString(16).toUpperCase()})` : '';
    throw new CertificateError(`${what}${code}`);
  }

  const list = (v: unknown, sep: string) => (typeof v === 'string' ? v.split(sep).filter(Boolean) : []);

  async function open(device: string) {
    if ((await call('SOF_GetDeviceInstance', { deviceName: device, applicationName: '' })).rtn !== 0) await fail(certText.readError);
  }

  return {
    kind: 'longmai',
    async list(): Promise<CertificateInfo[]> {
      if (!loaded) {
        if ((await call('SOF_LoadLibrary', LIBRARY)).rtn !== 0) throw new CertificateError(certText.notInstalled);
        loaded = true;
      }
      const out: CertificateInfo[] = [];
      for (const device of list((await call('SOF_EnumDevice')).array, '||')) {
        await open(device);
        for (const user of list((await call('SOF_GetUserList', { deviceName: device })).array, '&&&')) {
          const container = user.split('||')[1];
          if (!container) continue;
          const { cert } = await call('SOF_ExportUserCert', { deviceName: device, containerName: container, keySpec: SIGNATURE });
          if (typeof cert !== 'string' || !cert) continue;
          const id = `${device}||${container}`;
          certs.set(id, { device, container, certificate: cert });
          out.push(certificateInfo(id, cert));
        }
      }
      if (out.length === 0) throw new CertificateError(certText.noCertificate);
      return out;
    },
    async login(id, pin) {
      const c = certs.get(id);
      if (!c) throw new CertificateError(certText.noCertificate);
      await open(c.device);
      if ((await call('SOF_Login', { deviceName: c.device, passWd: pin })).rtn === 0) return;
      const { retryCount } = await call('SOF_GetPinRetryCount', { deviceName: c.device });
      throw new CertificateError(certText.pinWrong(typeof retryCount === 'number' ? retryCount : '?'));
    },
    async sign(id, challenge): Promise<SignedChallenge> {
      const c = certs.get(id);
      if (!c) throw new CertificateError(certText.noCertificate);
      // inData is the challenge as text (ASCII base64url), as mToken.js passes it: not confirmed
      // whether some service versions expect it base64-encoded (docs/decisions/certificates.md, "CA digital certificates in the browser: USB keys and the CSP").
      const { pkcs7 } = await call('SOF_SignDataToPKCS7', { deviceName: c.device, containerName: c.container, keySpec: SIGNATURE, inData: challenge, detached: 0 });
      if (typeof pkcs7 !== 'string' || !pkcs7) return fail(certText.signFailed);
      return { signType: 1, signToken: pkcs7, certificate: c.certificate };
    },
    close() {
      service.reset();
    },
  };
}

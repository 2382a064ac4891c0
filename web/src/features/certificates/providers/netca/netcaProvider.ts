import { certText } from '@/shared/locales/certificates';
import forge from '../soft/forge';
import { certificateInfo } from '../keyCertificate';
import { CertificateError, type CertificateInfo, type KeyProvider, type SignedChallenge } from '../types';

/** NETCA's client tries these loopback ports in turn (../shared/spec/CERTIFICATE-CLIENTS.md). */
export const netcaUrls = ['wss://127.0.0.1:10443', 'wss://127.0.0.1:20443', 'wss://127.0.0.1:30443'];
const PROTOCOL = 'crypto-jsonrpc-protocol';
const ORIGIN = '45B45638-A006-4cf1-A298-816B376D867E';
/** The certificate chooser: a signature certificate in its validity period, on a device. */
const CHOOSE = {
  encode: null,
  type: '{"UIFlag":"default","InValidity":true,"Type":"signature","Method":"device","Value":"any"}',
  condition: "InValidity='True' && CertType='Signature'",
};

/** NetcaSocket is the part of WebSocket the adapter uses (a fake in tests). */
export interface NetcaSocket {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

interface Reply {
  requestId?: number;
  responseResult?: { status: number; msg?: string };
  responseEntity?: Record<string, unknown>;
}

/** NetcaProvider is NETCA's key provider (the PIN check is VerifyKeyPwd). */
export type NetcaProvider = KeyProvider;

/**
 * createNetcaProvider talks to NETCA's NetcaPKI service over a WebSocket with the subprotocol
 * crypto-jsonrpc-protocol, trying 10443, 20443 and 30443: GetCertStringAttribute lets the user
 * choose a signature certificate (certCode), VerifyKeyPwd checks the PIN, SignedDataSign makes
 * an attached PKCS#7 (signType 1). Status 0 is success; any other status's msg is shown.
 */
export function createNetcaProvider(connect: (url: string, protocol: string) => NetcaSocket, urls = netcaUrls): NetcaProvider {
  let socket: Promise<NetcaSocket> | null = null;
  let counter = 0;
  const pending = new Map<number, (r: Reply) => void>();

  function tryOpen(url: string): Promise<NetcaSocket> {
    return new Promise((resolve, reject) => {
      const ws = connect(url, PROTOCOL);
      let opened = false;
      ws.onopen = () => {
        opened = true;
        resolve(ws);
      };
      ws.onerror = () => {
        if (!opened) reject(new CertificateError(certText.notInstalled));
      };
      ws.onclose = () => {
        socket = null;
        if (!opened) reject(new CertificateError(certText.notInstalled));
      };
      ws.onmessage = (ev) => {
        const r = JSON.parse(String(ev.data)) as Reply;
        const done = r.requestId === undefined ? undefined : pending.get(r.requestId);
        if (!done) return;
        pending.delete(r.requestId!);
        done(r);
      };
    });
  }

  function open(): Promise<NetcaSocket> {
    socket ??= urls.reduce<Promise<NetcaSocket>>((prev, url) => prev.catch(() => tryOpen(url)), Promise.reject(new CertificateError(certText.notInstalled)));
    socket.catch(() => (socket = null));
    return socket;
  }

  async function call(fn: string, param: Record<string, unknown>): Promise<Record<string, unknown>> {
    const ws = await open();
    const requestId = ++counter;
    const reply = await new Promise<Reply>((resolve) => {
      pending.set(requestId, resolve);
      ws.send(JSON.stringify({ requestVersion: 1, requestOrigin: ORIGIN, requestId, requestQuery: { function: fn, param } }));
    });
    if (reply.responseResult?.status !== 0) throw new CertificateError(reply.responseResult?.msg || certText.signFailed);
    return reply.responseEntity ?? {};
  }

  return {
    kind: 'netca',
    async list(): Promise<CertificateInfo[]> {
      const { certCode } = await call('GetCertStringAttribute', { cert: CHOOSE, id: -1 });
      if (typeof certCode !== 'string' || !certCode) throw new CertificateError(certText.noCertificate);
      return [certificateInfo(certCode, certCode)];
    },
    async login(id, pin) {
      const r = await call('VerifyKeyPwd', { pwd: pin, cert: { encode: id } });
      if (r.result !== 1) throw new CertificateError(certText.pinWrong(typeof r.retrynum === 'number' ? r.retrynum : '?'));
    },
    async sign(id, challenge): Promise<SignedChallenge> {
      const r = await call('SignedDataSign', {
        cert: { encode: id },
        data: { text: forge.util.encode64(forge.util.encodeUtf8(challenge)) },
        useSubjectKeyId: false,
        useQ7: false,
        detached: 0,
        tsaURL: '',
        // Inferred, not confirmed: 2 includes the signer's certificate.
        includeCertOption: 2,
      });
      if (typeof r.signValue !== 'string' || !r.signValue) throw new CertificateError(certText.signFailed);
      return { signType: 1, signToken: r.signValue, certificate: id };
    },
    close() {
      // A connection that failed is a rejected promise: closing it is nothing to do, not an error.
      void socket?.then(
        (ws) => ws.close(),
        () => undefined,
      );
      socket = null;
    },
  };
}

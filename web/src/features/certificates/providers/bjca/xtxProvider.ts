import { certText } from '@/shared/locales/certificates';
import { certificateInfo } from '../keyCertificate';
import { CertificateError, type CertificateInfo, type KeyProvider, type SignedChallenge } from '../types';

/** The IE ActiveX CLSID of XTXAppCOM; the WebSocket service expects it in every call. */
const CLSID = '3F367B74-92D9-4C5E-AB93-234F8A91D5E6';

/** xtxUrl is BJCA's local service for a page served over protocol (../shared/spec/CERTIFICATE-CLIENTS.md). */
export function xtxUrl(protocol: string): string {
  return protocol === 'https:' ? 'wss://127.0.0.1:21061/xtxapp/' : 'ws://127.0.0.1:21051/xtxapp/';
}

/** SocketLike is the part of WebSocket the adapter uses (a fake in tests). */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface XtxOptions {
  url: string;
  /** The page's address, sent as URL with every call. */
  pageUrl: string;
  connect: (url: string) => SocketLike;
  timeoutMs?: number;
}

/** XtxProvider is BJCA's key provider. */
export type XtxProvider = KeyProvider;

type Reply = { call_cmd_id?: string; retVal?: unknown; retValue?: unknown; token?: string };

/** text reads a string answer; anything else (a failure's false or -1) is empty. */
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** truthy reads the service's booleans, which older versions send as "true"/"false". */
const truthy = (v: unknown) => v === true || v === 'true';

/**
 * createXtxProvider talks to BJCA's 证书应用环境 (XTXAppCOM) over its WebSocket: SOF_GetUserList and
 * SOF_ExportUserCert list the keys' certificates, SOF_Login checks the PIN, SOF_SignMessage (flag 0,
 * attached) makes the PKCS#7 the server takes as signType 1. A connection that fails before it
 * opens is 控件未安装 (the service is absent, or the browser's Local Network Access blocked it).
 */
export function createXtxProvider(o: XtxOptions): XtxProvider {
  let socket: Promise<SocketLike> | null = null;
  let counter = 0;
  let token: string | undefined;
  const pending = new Map<string, (r: Reply) => void>();
  const certs = new Map<string, string>();

  function open(): Promise<SocketLike> {
    socket ??= new Promise<SocketLike>((resolve, reject) => {
      const ws = o.connect(o.url);
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new CertificateError(certText.notInstalled));
      ws.onclose = () => {
        socket = null;
        reject(new CertificateError(certText.notInstalled));
      };
      ws.onmessage = (ev) => {
        const r = JSON.parse(String(ev.data)) as Reply;
        const done = r.call_cmd_id ? pending.get(r.call_cmd_id) : undefined;
        if (!done) return; // onUsbkeyChange and other pushes
        pending.delete(r.call_cmd_id!);
        done(r);
      };
    });
    return socket;
  }

  async function call(func: string, param: (string | number)[]): Promise<unknown> {
    const ws = await open();
    const id = `i_${++counter}`;
    const msg: Record<string, unknown> = { call_cmd_id: id, CLSID, xtx_func_name: func, func, URL: o.pageUrl, param };
    param.forEach((p, i) => (msg[`param_${i + 1}`] = p));
    if (token) msg.token = token;
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new CertificateError(certText.notInstalled));
      }, o.timeoutMs ?? 10_000);
      pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      ws.send(JSON.stringify(msg));
    });
    if (reply.token) token = reply.token;
    return reply.retVal ?? reply.retValue;
  }

  async function lastError(): Promise<string> {
    return text(await call('SOF_GetLastErrMsg', [])) || certText.signFailed;
  }

  return {
    kind: 'bjca',
    async list() {
      const users = text(await call('SOF_GetUserList', []));
      const out: CertificateInfo[] = [];
      for (const entry of users.split('&&&').filter(Boolean)) {
        const id = entry.split('||')[1];
        if (!id) continue;
        const b64 = text(await call('SOF_ExportUserCert', [id]));
        if (!b64) continue;
        out.push(certificateInfo(id, b64));
        certs.set(id, b64);
      }
      if (out.length === 0) throw new CertificateError(certText.noCertificate);
      return out;
    },
    async login(id, pin) {
      if (truthy(await call('SOF_Login', [id, pin]))) return;
      token = undefined;
      throw new CertificateError(certText.pinWrong(String(await call('SOF_GetPinRetryCount', [id]))));
    },
    async sign(id, challenge): Promise<SignedChallenge> {
      const p7 = await call('SOF_SignMessage', [0, id, challenge]);
      if (typeof p7 !== 'string' || !p7) throw new CertificateError(await lastError());
      const certificate = certs.get(id);
      return certificate ? { signType: 1, signToken: p7, certificate } : { signType: 1, signToken: p7 };
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

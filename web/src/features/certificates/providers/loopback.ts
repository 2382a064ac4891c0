import { certText } from '@/shared/locales/certificates';
import { CertificateError } from './types';

/** Post is the part of fetch the HTTP adapters use (a fake in tests). */
export type Post = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/**
 * stickyOrigin calls a vendor's service on the first of its configured origins that answers
 * (the http port, then the https one) and keeps that origin for the calls after; a service
 * none of them reaches is 控件未安装. A CertificateError of an origin that answered (the
 * service said something the adapter cannot use) is kept over "not reached".
 */
export function stickyOrigin(origins: string[]) {
  let origin: string | null = null;
  return {
    async call<T>(send: (origin: string) => Promise<T>): Promise<T> {
      if (origin) return send(origin);
      let last: unknown = new CertificateError(certText.notInstalled);
      for (const o of origins) {
        try {
          const r = await send(o);
          origin = o;
          return r;
        } catch (e) {
          last = e instanceof CertificateError ? e : new CertificateError(certText.notInstalled);
        }
      }
      throw last;
    },
    reset() {
      origin = null;
    },
  };
}

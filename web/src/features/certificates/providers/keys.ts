import { certText } from '@/shared/locales/certificates';
import type { SocketLike } from './bjca/xtxProvider';
import { CertificateError, type CertificateInfo, type KeyProvider, type KeyVendor } from './types';

/** KeyEnvironment is what choosing the USB-key providers depends on (the page and the runtime config). */
export interface KeyEnvironment {
  /** The page's protocol: from an https page only wss/https origins are called. */
  protocol: string;
  href: string;
  /** BIDPASS_CA_LOCAL_SERVICES by vendor, in the order to try. */
  services: Record<string, string[]>;
  /** The browser's transports (feature detection); tests pass fakes. */
  webSocket?: (url: string, protocol?: string) => WebSocket;
  fetch?: typeof fetch;
  /** permissions.query, to tell a Local Network Access refusal from an absent service. */
  permissions?: Pick<Permissions, 'query'>;
}

/** KeyCertificate is a certificate on a USB key, with the provider that holds it. */
export interface KeyCertificate extends CertificateInfo {
  vendor: KeyVendor;
}

/** KeyProbe is what probing the configured services found. */
export interface KeyProbe {
  providers: Map<KeyVendor, KeyProvider>;
  certificates: KeyCertificate[];
  /** The user's message when nothing was found (控件未安装, 未获取到证书！, the LNA explanation …). */
  error?: string;
}

const secure = (origin: string) => origin.startsWith('wss:') || origin.startsWith('https:');

/**
 * keyProviders makes the adapters of the configured vendors the browser can talk to, each
 * loaded (import()) only now — when the user asked for USB keys on a certificate screen. A
 * vendor whose transport the browser lacks is left out; none at all is 不支持的浏览器类型.
 */
export async function keyProviders(env: KeyEnvironment): Promise<KeyProvider[]> {
  const origins = (vendor: KeyVendor) => (env.services[vendor] ?? []).filter((o) => env.protocol !== 'https:' || secure(o));
  const ws = env.webSocket ?? (typeof WebSocket === 'function' ? (url: string, p?: string) => new WebSocket(url, p) : undefined);
  const fetcher = env.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  if (!ws && !fetcher) throw new CertificateError(certText.unsupportedBrowser);
  const out: KeyProvider[] = [];
  const bjca = origins('bjca');
  if (ws && bjca.length) {
    const { createXtxProvider } = await import('./bjca/xtxProvider');
    // The adapters type only the part of WebSocket they use; its handlers take an Event.
    // One service, reached on either port: the first configured origin fit for this page.
    out.push(createXtxProvider({ url: `${bjca[0]}/xtxapp/`, pageUrl: env.href, connect: (u) => ws(u) as unknown as SocketLike }));
  }
  const netca = origins('netca');
  if (ws && netca.length) {
    const { createNetcaProvider } = await import('./netca/netcaProvider');
    out.push(createNetcaProvider((u, p) => ws(u, p) as unknown as SocketLike, netca));
  }
  const longmai = origins('longmai');
  if (fetcher && longmai.length) {
    const { createMTokenProvider } = await import('./longmai/mtokenProvider');
    out.push(createMTokenProvider(longmai, (u, init) => fetcher(u, init)));
  }
  const szca = origins('szca');
  if (fetcher && szca.length) {
    const { createSzcaProvider } = await import('./szca/szcaProvider');
    out.push(createSzcaProvider(szca, (u, init) => fetcher(u, init)));
  }
  return out;
}

/** localNetworkBlocked answers whether the browser refused this site access to the local network (Chrome's LNA prompt). */
export async function localNetworkBlocked(permissions: Pick<Permissions, 'query'> | undefined): Promise<boolean> {
  for (const name of ['local-network-access', 'loopback-network']) {
    try {
      if ((await permissions?.query({ name: name as PermissionName }))?.state === 'denied') return true;
    } catch {
      // This browser does not know the permission: it has no such prompt.
    }
  }
  return false;
}

/**
 * probeKeys asks every configured vendor's service for its certificates at once and lists
 * what answers. With nothing found the message says why, most telling first: a certificate
 * that could not be read, no certificate on a key that answered, the browser's Local Network
 * Access refusal, then 控件未安装.
 */
export async function probeKeys(env: KeyEnvironment): Promise<KeyProbe> {
  const providers = new Map<KeyVendor, KeyProvider>();
  let all: KeyProvider[];
  try {
    all = await keyProviders(env);
  } catch (e) {
    return { providers, certificates: [], error: e instanceof CertificateError ? e.message : certText.unsupportedBrowser };
  }
  if (all.length === 0) return { providers, certificates: [], error: certText.notInstalled };
  const results = await Promise.allSettled(all.map((p) => p.list()));
  const certificates: KeyCertificate[] = [];
  const errors: string[] = [];
  results.forEach((r, i) => {
    const p = all[i];
    if (r.status === 'fulfilled') {
      providers.set(p.kind, p);
      certificates.push(...r.value.map((c) => ({ ...c, id: `${p.kind}:${c.id}`, vendor: p.kind })));
    } else {
      p.close();
      errors.push(r.reason instanceof CertificateError ? r.reason.message : certText.readError);
    }
  });
  if (certificates.length) return { providers, certificates };
  const answered = errors.filter((m) => m !== certText.notInstalled);
  if (answered.includes(certText.readError)) return { providers, certificates, error: certText.readError };
  if (answered.length) return { providers, certificates, error: answered.includes(certText.noCertificate) ? certText.noCertificate : answered[0] };
  if (await localNetworkBlocked(env.permissions ?? (typeof navigator === 'undefined' ? undefined : navigator.permissions))) {
    return { providers, certificates, error: certText.localNetworkBlocked };
  }
  return { providers, certificates, error: certText.notInstalled };
}

/**
 * keyCall runs a call on a key provider that listed certificates before: if its service no
 * longer answers, the component went away since (扩展已被移除), not "never installed".
 */
export async function keyCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof CertificateError && e.message === certText.notInstalled) throw new CertificateError(certText.extensionRemoved);
    throw e;
  }
}

// Choosing and probing the USB-key services: only configured vendors the browser can reach
// are loaded; what answers is listed; when nothing does, the spec's message says why.
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import forge from './soft/forge';
import { openPfx } from './soft/pfx';
import rsaPbes2 from './soft/testdata/rsa-pbes2.pfx.b64?raw';
import { keyCall, probeKeys, type KeyEnvironment } from './keys';
import { CertificateError } from './types';

/** refusedSocket is a WebSocket to a port nobody listens on. */
function refusedSocket(urls: string[]) {
  return (url: string) => {
    urls.push(url);
    const ws = { onopen: null, onmessage: null, onerror: null as ((e: unknown) => void) | null, onclose: null as ((e: unknown) => void) | null, send: () => undefined, close: () => undefined };
    setTimeout(() => (ws.onerror?.({}), ws.onclose?.({})));
    return ws as unknown as WebSocket;
  };
}

const refusedFetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
const services = { bjca: ['ws://127.0.0.1:21051', 'wss://127.0.0.1:21061'], netca: ['wss://127.0.0.1:10443'], longmai: ['http://127.0.0.1:51235'] };

function env(o: Partial<KeyEnvironment>): KeyEnvironment {
  return { protocol: 'http:', href: 'http://portal.example/', services, webSocket: refusedSocket([]), fetch: refusedFetch, permissions: { query: () => Promise.reject(new TypeError('unknown')) }, ...o };
}

describe('probeKeys', () => {
  it('says 控件未安装 when no configured service answers, trying only the origins fit for the page', async () => {
    const urls: string[] = [];
    expect((await probeKeys(env({ webSocket: refusedSocket(urls) }))).error).toBe(certText.notInstalled);
    expect(urls).toEqual(['ws://127.0.0.1:21051/xtxapp/', 'wss://127.0.0.1:10443']);
    urls.length = 0;
    await probeKeys(env({ protocol: 'https:', webSocket: refusedSocket(urls) }));
    expect(urls).toEqual(['wss://127.0.0.1:21061/xtxapp/', 'wss://127.0.0.1:10443']);
  });

  it('probes the HTTP services (Longmai, SZCA) by fetch, from an https page only their https origins', async () => {
    const urls: string[] = [];
    const fetch = ((u: string) => (urls.push(u), Promise.reject(new TypeError('Failed to fetch')))) as unknown as typeof globalThis.fetch;
    const http = { longmai: ['http://127.0.0.1:51235', 'https://127.0.0.1:51245'], szca: ['http://127.0.0.1:21317', 'https://127.0.0.1:18981'] };
    expect((await probeKeys(env({ services: http, fetch }))).error).toBe(certText.notInstalled);
    expect(urls.sort()).toEqual([
      'http://127.0.0.1:21317/Service1.asmx',
      'http://127.0.0.1:51235/alpha',
      'https://127.0.0.1:18981/Service1.asmx',
      'https://127.0.0.1:51245/alpha',
    ]);
    urls.length = 0;
    await probeKeys(env({ protocol: 'https:', services: http, fetch }));
    expect(urls.sort()).toEqual(['https://127.0.0.1:18981/Service1.asmx', 'https://127.0.0.1:51245/alpha']);
  });

  it('tells the browser refusing local network access apart', async () => {
    const permissions = { query: ({ name }: { name: string }) => Promise.resolve({ state: name === 'local-network-access' ? 'denied' : 'prompt' } as PermissionStatus) };
    expect((await probeKeys(env({ permissions }))).error).toBe(certText.localNetworkBlocked);
  });

  it('says 不支持的浏览器类型 without WebSocket and fetch, and 控件未安装 when nothing is configured', async () => {
    const bare = { ...env({}), webSocket: undefined, fetch: undefined };
    const saved = [globalThis.WebSocket, globalThis.fetch] as const;
    try {
      // @ts-expect-error: an old browser
      delete globalThis.WebSocket;
      // @ts-expect-error: an old browser
      delete globalThis.fetch;
      expect((await probeKeys(bare)).error).toBe(certText.unsupportedBrowser);
    } finally {
      globalThis.WebSocket = saved[0];
      globalThis.fetch = saved[1];
    }
    expect((await probeKeys(env({ services: {} }))).error).toBe(certText.notInstalled);
  });

  it('lists what answers beside an absent service, ids prefixed by the vendor', async () => {
    const key = openPfx(forge.util.binary.raw.decode(forge.util.decode64(rsaPbes2.replace(/\s/g, ''))), 'Test-1234');
    const cert = forge.util.encode64(key.cert.der);
    const replies: Record<string, object> = { SOF_LoadLibrary: { rtn: 0 }, SOF_EnumDevice: { array: 'K1' }, SOF_GetDeviceInstance: { rtn: 0 }, SOF_GetUserList: { array: 'a||C1&&&' }, SOF_ExportUserCert: { cert } };
    const fetcher = ((_u: string, init: { body: string }) => {
      const m = JSON.parse(init.body.slice(5)) as { function: string };
      return Promise.resolve(new Response(JSON.stringify(replies[m.function] ?? { rtn: -1 })));
    }) as unknown as typeof fetch;
    const found = await probeKeys(env({ fetch: fetcher }));
    expect(found.error).toBeUndefined();
    expect(found.certificates).toHaveLength(1);
    expect(found.certificates[0]).toMatchObject({ id: 'longmai:K1||C1', vendor: 'longmai', serialNumber: key.cert.serialNumber });
    expect([...found.providers.keys()]).toEqual(['longmai']);
  });
});

describe('keyCall', () => {
  it('turns a service gone since it answered into 扩展已被移除', async () => {
    await expect(keyCall(() => Promise.reject(new CertificateError(certText.notInstalled)))).rejects.toThrow(certText.extensionRemoved);
    await expect(keyCall(() => Promise.reject(new CertificateError('证书口令错误')))).rejects.toThrow('证书口令错误');
  });
});

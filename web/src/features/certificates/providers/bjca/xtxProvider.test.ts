// The BJCA XTXAppCOM adapter against a small fake of the local service: it answers the
// WebSocket messages of ../shared/spec/CERTIFICATE-CLIENTS.md (call_cmd_id, CLSID, param,
// retVal, token, an onUsbkeyChange push) and signs with a real key, the soft test .pfx, so
// the PKCS#7 the adapter hands on verifies with the certificate's key.
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import { CMS_OID, signedData } from '../soft/cms';
import forge from '../soft/forge';
import { openPfx, type SoftKey } from '../soft/pfx';
import rsaPbes2 from '../soft/testdata/rsa-pbes2.pfx.b64?raw';
import { createXtxProvider, type SocketLike, xtxUrl } from './xtxProvider';

const CERT_ID = '{A1B2C3D4-0001}';
const PIN = '111111';
type Msg = { call_cmd_id: string; CLSID: string; func: string; xtx_func_name: string; URL: string; param: (string | number)[]; token?: string } & Record<string, unknown>;

/** FakeXtx is the service: one key holding one certificate, a PIN with 10 tries, a session token. */
class FakeXtx {
  retries = 10;
  readonly seen: Msg[] = [];
  private readonly cert: string;
  constructor(private readonly key: SoftKey) {
    this.cert = forge.util.encode64(key.cert.der);
  }

  answer(m: Msg): unknown {
    const [a, b, c] = m.param;
    switch (m.func) {
      case 'SOF_GetUserList':
        return { retVal: `北京数证建设有限公司||${CERT_ID}&&&` };
      case 'SOF_ExportUserCert':
        return { retVal: a === CERT_ID ? this.cert : '' };
      case 'SOF_Login':
        if (b === PIN) return { retVal: 'true', token: 'tok-1' };
        this.retries--;
        return { retVal: 'false' };
      case 'SOF_GetPinRetryCount':
        return { retVal: String(this.retries) };
      case 'SOF_SignMessage':
        if (m.token !== 'tok-1' || a !== 0 || b !== CERT_ID) return { retVal: '' };
        return { retValue: forge.util.encode64(signedData(forge.util.encodeUtf8(String(c)), this.key.cert, this.key.algorithms)) };
      case 'SOF_GetLastErrMsg':
        return { retVal: '用户未登录' };
      default:
        return { retVal: '' };
    }
  }

  connect = (url: string): SocketLike => {
    expect(url).toBe('ws://127.0.0.1:21051/xtxapp/');
    const ws: SocketLike = {
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
      send: (data) => {
        const m = JSON.parse(data) as Msg;
        this.seen.push(m);
        setTimeout(() => {
          ws.onmessage?.({ data: JSON.stringify({ call_cmd_id: 'onUsbkeyChange' }) });
          ws.onmessage?.({ data: JSON.stringify({ call_cmd_id: m.call_cmd_id, ...(this.answer(m) as object) }) });
        });
      },
      close: () => undefined,
    };
    setTimeout(() => ws.onopen?.({}));
    return ws;
  };
}

function fake() {
  const key = openPfx(forge.util.binary.raw.decode(forge.util.decode64(rsaPbes2.replace(/\s/g, ''))), 'Test-1234');
  const service = new FakeXtx(key);
  const provider = createXtxProvider({ url: xtxUrl('http:'), pageUrl: 'http://portal.example/#/', connect: service.connect });
  return { key, service, provider };
}

describe('BJCA XTXAppCOM adapter', () => {
  it('lists the key certificates, checks the PIN, and signs an attached PKCS#7 that verifies', async () => {
    const { key, service, provider } = fake();
    const [c] = await provider.list();
    expect(c).toMatchObject({ id: CERT_ID, serialNumber: key.cert.serialNumber, owner: '测试建设有限公司', algorithm: 'rsa' });
    expect(service.seen[0]).toMatchObject({ call_cmd_id: 'i_1', CLSID: '3F367B74-92D9-4C5E-AB93-234F8A91D5E6', func: 'SOF_GetUserList', xtx_func_name: 'SOF_GetUserList', param: [] });
    expect(service.seen[1]).toMatchObject({ func: 'SOF_ExportUserCert', param: [CERT_ID], param_1: CERT_ID });

    // Not logged in: the service refuses and its last error is the message.
    await expect(provider.sign(CERT_ID, 'challenge-1')).rejects.toThrow('用户未登录');
    await expect(provider.login(CERT_ID, '000000')).rejects.toThrow(certText.pinWrong(9));
    await provider.login(CERT_ID, PIN);
    const s = await provider.sign(CERT_ID, 'challenge-1');
    expect(service.seen.at(-1)).toMatchObject({ func: 'SOF_SignMessage', param: [0, CERT_ID, 'challenge-1'], token: 'tok-1' });
    expect(s.signType).toBe(1);
    expect(s.certificate).toBe(c.certificate);

    const ci = forge.asn1.fromDer(forge.util.decode64(s.signToken), { decodeBitStrings: false });
    const sd = (((ci.value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as forge.Asn1[]);
    const si = ((sd[4].value as forge.Asn1[])[0].value as forge.Asn1[]);
    const attrs = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, si[3].value)).getBytes();
    expect(forge.asn1.derToOid((((si[2].value as forge.Asn1[])[0]).value as string))).toBe(CMS_OID.sha256);
    const pub = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.asn1.toDer(key.cert.spki).getBytes()));
    expect(pub.verify(forge.md.sha256.create().update(attrs).digest().getBytes(), si[5].value as string)).toBe(true);
  });

  it('says 控件未安装 when the service cannot be reached', async () => {
    const provider = createXtxProvider({
      url: xtxUrl('https:'),
      pageUrl: 'https://portal.example/',
      connect: () => {
        const ws: SocketLike = { onopen: null, onmessage: null, onerror: null, onclose: null, send: () => undefined, close: () => undefined };
        setTimeout(() => ws.onerror?.({}));
        return ws;
      },
    });
    await expect(provider.list()).rejects.toThrow(certText.notInstalled);
    expect(xtxUrl('https:')).toBe('wss://127.0.0.1:21061/xtxapp/');
    // The probe closes a provider that failed, here before the socket's close event came (the
    // browser sends error and close separately): that is no unhandled rejection (a page error
    // the e2e run saw as "pageerror: 控件未安装").
    type Listen = (event: 'unhandledRejection', f: (e: unknown) => void) => void;
    const node = (globalThis as unknown as { process: { on: Listen; off: Listen } }).process;
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    node.on('unhandledRejection', note);
    provider.close();
    await new Promise((r) => setTimeout(r, 20));
    node.off('unhandledRejection', note);
    expect(unhandled).toEqual([]);
  });
});

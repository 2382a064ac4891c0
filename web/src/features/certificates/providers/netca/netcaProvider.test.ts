// The NETCA NetcaPKI adapter against a small fake of the local service speaking the
// crypto-jsonrpc-protocol messages of ../shared/spec/CERTIFICATE-CLIENTS.md; the first port is
// closed so the adapter must move on to the next. The fake signs with the soft test key, so the
// PKCS#7 the adapter hands on is a real one.
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import { signedData } from '../soft/cms';
import forge from '../soft/forge';
import { openPfx } from '../soft/pfx';
import rsaPbes2 from '../soft/testdata/rsa-pbes2.pfx.b64?raw';
import { createNetcaProvider, type NetcaSocket, netcaUrls } from './netcaProvider';

type Req = { requestVersion: number; requestOrigin: string; requestId: number; requestQuery: { function: string; param: Record<string, unknown> } };

function socket(onSend: (ws: NetcaSocket, data: string) => void, fail = false): NetcaSocket {
  const ws: NetcaSocket = { onopen: null, onmessage: null, onerror: null, onclose: null, send: (d) => onSend(ws, d), close: () => undefined };
  setTimeout(() => (fail ? (ws.onerror?.({}), ws.onclose?.({})) : ws.onopen?.({})));
  return ws;
}

function fake() {
  const key = openPfx(forge.util.binary.raw.decode(forge.util.decode64(rsaPbes2.replace(/\s/g, ''))), 'Test-1234');
  const certCode = forge.util.encode64(key.cert.der);
  const seen: Req[] = [];
  const tried: string[] = [];
  let retries = 5;
  const entity = (q: Req['requestQuery']): [number, string, Record<string, unknown>] => {
    const p = q.param as { pwd?: string; cert?: { encode?: string | null }; data?: { text: string }; detached?: number };
    switch (q.function) {
      case 'GetCertStringAttribute':
        return [0, '成功', { certCode }];
      case 'VerifyKeyPwd':
        if (p.pwd === '12345678') return [0, '成功', { result: 1 }];
        return [0, '成功', { result: 0, retrynum: --retries }];
      case 'SignedDataSign':
        if (p.cert?.encode !== certCode || p.detached !== 0) return [-1, '签名失败：证书不匹配', {}];
        return [0, '成功', { signValue: forge.util.encode64(signedData(forge.util.decode64(p.data!.text), key.cert, key.algorithms)) }];
      default:
        return [-2, '不支持的函数', {}];
    }
  };
  const provider = createNetcaProvider((url, protocol) => {
    tried.push(url);
    expect(protocol).toBe('crypto-jsonrpc-protocol');
    return socket((ws, data) => {
      const req = JSON.parse(data) as Req;
      seen.push(req);
      const [status, msg, responseEntity] = entity(req.requestQuery);
      setTimeout(() => ws.onmessage?.({ data: JSON.stringify({ requestVersion: 1, requestOrigin: req.requestOrigin, requestId: req.requestId, responseResult: { status, msg }, responseEntity }) }));
    }, url === netcaUrls[0]);
  });
  return { key, certCode, seen, tried, provider };
}

describe('NETCA NetcaPKI adapter', () => {
  it('finds the service on the next port, chooses the certificate, checks the PIN and signs', async () => {
    const { key, certCode, seen, tried, provider } = fake();
    const [c] = await provider.list();
    expect(tried).toEqual(netcaUrls.slice(0, 2));
    expect(c).toMatchObject({ serialNumber: key.cert.serialNumber, owner: '测试建设有限公司', certificate: certCode });
    expect(seen[0]).toMatchObject({ requestVersion: 1, requestOrigin: '45B45638-A006-4cf1-A298-816B376D867E', requestId: 1, requestQuery: { function: 'GetCertStringAttribute' } });

    await expect(provider.login(c.id, 'wrong')).rejects.toThrow(certText.pinWrong(4));
    await provider.login(c.id, '12345678');
    const s = await provider.sign(c.id, 'challenge-ü');
    expect(s.signType).toBe(1);
    const ci = forge.asn1.fromDer(forge.util.decode64(s.signToken), { decodeBitStrings: false });
    const sd = ((ci.value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as forge.Asn1[];
    const content = ((sd[2].value as forge.Asn1[])[1].value as forge.Asn1[])[0].value as string;
    expect(forge.util.decodeUtf8(content)).toBe('challenge-ü');
  });

  it('shows the service message of a failed status, and 控件未安装 when no port answers', async () => {
    const { provider } = fake();
    await expect(provider.sign('another-certificate', 'x')).rejects.toThrow('签名失败：证书不匹配');
    const none = createNetcaProvider(() => socket(() => undefined, true));
    await expect(none.list()).rejects.toThrow(certText.notInstalled);
  });
});

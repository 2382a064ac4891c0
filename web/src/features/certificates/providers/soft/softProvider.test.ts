// The soft provider against .pfx files `bidpass ca issue` wrote for a throwaway development
// CA (testdata/, made once for a fake enterprise; no real key), and a 3DES/RC2 re-export of
// the RSA one by `openssl pkcs12 -export -legacy`. Signatures are checked with the public key
// (forge's RSA verify, sm-crypto-v2's SM2 verify) and the signed attributes must be in the
// order the Go server needs (contentType, signingTime, messageDigest); the server itself
// verifies them in e2e/tests/certificates.test.mjs.
import { sm2, sm3 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { certText } from '@/shared/locales/certificates';
import { CertificateError } from '../types';
import { CMS_OID } from './cms';
import forge from './forge';
import { createSoftProvider } from './softProvider';
import { parseCertificate } from './x509';
import rsa3des from './testdata/rsa-3des.pfx.b64?raw';
import rsaPbes2 from './testdata/rsa-pbes2.pfx.b64?raw';
import rsaRoot from './testdata/rsa-root.der.b64?raw';
import sm2Pbes2 from './testdata/sm2-pbes2.pfx.b64?raw';

const files: Record<string, string> = {
  'rsa-pbes2.pfx': rsaPbes2,
  'rsa-3des.pfx': rsa3des,
  'sm2-pbes2.pfx': sm2Pbes2,
  'rsa-root.crt': rsaRoot,
};
/** file decodes a fixture; they are kept as base64 text because Vite refuses to serve key files to tests. */
const file = (name: string) => forge.util.binary.raw.decode(forge.util.decode64(files[name].replace(/\s/g, '')));
const PASSWORD = 'Test-1234';
const OWNER = '测试建设有限公司';
const challenge = 'q8Zs3Jm0yq1n2bG9cW7xAQ';

type Asn1 = forge.Asn1;
const kids = (a: Asn1) => a.value as Asn1[];
const oidOf = (a: Asn1) => forge.asn1.derToOid(a.value as string);

/** readSigned takes a SignedData apart: content, certificate, signer's attributes and signature. */
function readSigned(b64: string) {
  const ci = forge.asn1.fromDer(forge.util.decode64(b64), { decodeBitStrings: false });
  expect(oidOf(kids(ci)[0])).toBe(CMS_OID.signedData);
  const sd = kids(kids(kids(ci)[1])[0]);
  const content = kids(kids(sd[2])[1])[0].value as string;
  const certDer = forge.asn1.toDer(kids(sd[3])[0]).getBytes();
  const si = kids(kids(sd[4])[0]);
  const attrs = kids(si[3]);
  const attrsSet = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs)).getBytes();
  const digest = kids(kids(attrs[2])[1])[0].value as string;
  return {
    content,
    certDer,
    digestOid: oidOf(kids(si[2])[0]),
    signatureOid: oidOf(kids(si[4])[0]),
    attrOrder: attrs.map((a) => oidOf(kids(a)[0])),
    attrsSet,
    digest,
    signature: si[5].value as string,
  };
}

describe('soft certificate provider', () => {
  it('has fixtures encrypted as their names say (PBES2 with AES, legacy 3DES), so both readers are exercised', () => {
    const has = (name: string, oid: string) => forge.util.decode64(files[name].replace(/\s/g, '')).includes(forge.asn1.oidToDer(oid).getBytes());
    const PBES2 = '1.2.840.113549.1.5.13';
    const AES256 = '2.16.840.1.101.3.4.1.42';
    const SHA1_3DES = '1.2.840.113549.1.12.1.3';
    expect(has('rsa-pbes2.pfx', PBES2) && has('rsa-pbes2.pfx', AES256)).toBe(true);
    expect(has('rsa-pbes2.pfx', SHA1_3DES)).toBe(false);
    expect(has('rsa-3des.pfx', SHA1_3DES)).toBe(true);
    expect(has('rsa-3des.pfx', PBES2)).toBe(false);
    expect(has('sm2-pbes2.pfx', PBES2)).toBe(true);
  });

  it.each(['rsa-pbes2.pfx', 'rsa-3des.pfx'])('opens %s and signs an RSA SHA-256 PKCS#7 that verifies with its key', async (name) => {
    const p = createSoftProvider();
    const c = p.open(file(name), PASSWORD);
    expect(c.algorithm).toBe('rsa');
    expect(c.owner).toBe(OWNER);
    expect(c.issuer).toContain('bidpass');
    expect(c.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(c.validTo.getTime()).toBeGreaterThan(c.validFrom.getTime());
    expect(await p.list()).toHaveLength(1);

    const s = await p.sign(c.id, challenge);
    expect(s.signType).toBe(1);
    const r = readSigned(s.signToken);
    expect(forge.util.decodeUtf8(r.content)).toBe(challenge);
    expect(r.attrOrder).toEqual([CMS_OID.contentType, CMS_OID.signingTime, CMS_OID.messageDigest]);
    expect(r.digestOid).toBe(CMS_OID.sha256);
    expect(r.signatureOid).toBe(CMS_OID.rsaEncryption);
    expect(forge.util.encode64(r.certDer)).toBe(c.certificate);
    expect(r.digest).toBe(forge.md.sha256.create().update(challenge).digest().getBytes());
    const cert = parseCertificate(r.certDer);
    // forge's RSA reader wants the key's bit string parsed, which parseCertificate leaves raw.
    const pub = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.asn1.toDer(cert.spki).getBytes()));
    expect(pub.verify(forge.md.sha256.create().update(r.attrsSet).digest().getBytes(), r.signature)).toBe(true);
    // A changed attribute no longer verifies: the check above can fail.
    expect(pub.verify(forge.md.sha256.create().update(`${r.attrsSet}x`).digest().getBytes(), r.signature)).toBe(false);

  });

  it('opens an SM2 .pfx and signs SM3/SM2 PKCS#7 over the attributes with the default user id', async () => {
    const p = createSoftProvider();
    const c = p.open(file('sm2-pbes2.pfx'), PASSWORD);
    expect(c.algorithm).toBe('sm2');
    expect(c.owner).toBe(OWNER);
    const s = await p.sign(c.id, challenge);
    const r = readSigned(s.signToken);
    expect(r.attrOrder).toEqual([CMS_OID.contentType, CMS_OID.signingTime, CMS_OID.messageDigest]);
    expect(r.digestOid).toBe(CMS_OID.sm3);
    expect(r.signatureOid).toBe(CMS_OID.sm2WithSm3);
    expect(forge.util.bytesToHex(r.digest)).toBe(sm3(challenge));
    const pub = parseCertificate(r.certDer).publicKeyHex;
    const bytes = forge.util.binary.raw.decode(r.attrsSet);
    const sig = forge.util.bytesToHex(r.signature);
    expect(sm2.doVerifySignature(bytes, sig, pub, { hash: true, der: true })).toBe(true);
    const other = bytes.slice();
    other[other.length - 1] ^= 1;
    expect(sm2.doVerifySignature(other, sig, pub, { hash: true, der: true })).toBe(false);
  });

  it('says 证书密码不正确 for a wrong password and 证书读取错误 for a file that is not PKCS#12', () => {
    const p = createSoftProvider();
    expect(() => p.open(file('rsa-pbes2.pfx'), 'wrong')).toThrow(new CertificateError(certText.wrongPassword));
    expect(() => p.open(file('rsa-root.crt'), PASSWORD)).toThrow(new CertificateError(certText.readError));
  });

  it('refuses to sign with a certificate it has not opened', async () => {
    await expect(createSoftProvider().sign('nope', challenge)).rejects.toThrow(certText.noCertificate);
  });
});

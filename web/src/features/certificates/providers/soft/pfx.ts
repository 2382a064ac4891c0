import forge from './forge';
import { sm2, sm3 } from 'sm-crypto-v2';
import { certText } from '@/shared/locales/certificates';
import { CertificateError } from '../types';
import { CMS_OID, type SignerAlgorithms } from './cms';
import { parseCertificate, type ParsedCertificate } from './x509';

const { asn1 } = forge;
const BAG = { key: '1.2.840.113549.1.12.10.1.1', shroudedKey: '1.2.840.113549.1.12.10.1.2', cert: '1.2.840.113549.1.12.10.1.3' };

/** SoftKey is an opened .pfx: the owner's certificate and what its key signs with. */
export interface SoftKey {
  cert: ParsedCertificate;
  algorithms: SignerAlgorithms;
}

const hex = (b: forge.Bytes) => forge.util.bytesToHex(b);
const raw = (h: string) => forge.util.hexToBytes(h);
const u8 = (b: forge.Bytes) => forge.util.binary.raw.decode(b);

/** rsaAlgorithms signs with SHA-256 and PKCS#1 v1.5, which every server accepts. */
function rsaAlgorithms(key: forge.RsaPrivateKey): SignerAlgorithms {
  const sha256 = (b: forge.Bytes) => forge.md.sha256.create().update(b);
  return {
    digestOid: CMS_OID.sha256,
    signatureOid: CMS_OID.rsaEncryption,
    digest: (b) => sha256(b).digest().getBytes(),
    sign: (attrs) => key.sign(sha256(attrs)),
  };
}

/** sm2Algorithms signs with SM3 and SM2, Z computed over the default user id 1234567812345678. */
function sm2Algorithms(privateKeyHex: string, publicKeyHex: string): SignerAlgorithms {
  return {
    digestOid: CMS_OID.sm3,
    signatureOid: CMS_OID.sm2WithSm3,
    digest: (b) => raw(sm3(u8(b))),
    sign: (attrs) => raw(sm2.doSignature(u8(attrs), privateKeyHex, { hash: true, der: true, publicKey: publicKeyHex })),
  };
}

/** sm2PrivateKey reads d out of a PKCS#8 PrivateKeyInfo holding an ECPrivateKey (RFC 5915). */
function sm2PrivateKey(info: forge.Asn1): string {
  const octet = (info.value as forge.Asn1[])[2];
  if (!octet || typeof octet.value !== 'string') throw new CertificateError(certText.readError);
  const ecKey = asn1.fromDer(octet.value, { decodeBitStrings: false }).value as forge.Asn1[];
  const d = ecKey[1]?.value;
  if (typeof d !== 'string') throw new CertificateError(certText.readError);
  return hex(d).padStart(64, '0');
}

function certificateDer(bag: forge.SafeBag): forge.Bytes | null {
  if (bag.cert) return asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes();
  if (bag.asn1) return asn1.toDer(bag.asn1).getBytes();
  return null;
}

/**
 * openPfx opens a PKCS#12 file with its password (PBES2 with AES, and the legacy 3DES and
 * RC2 files node-forge also reads) and answers the certificate that belongs to the key,
 * matched by localKeyId, else the one certificate that is not a CA's. The key stays in the
 * returned closure: nothing is written anywhere.
 */
export function openPfx(file: Uint8Array, password: string): SoftKey {
  let bags: forge.SafeBag[];
  try {
    const pfx = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(forge.util.binary.raw.encode(file)), false, password);
    bags = pfx.safeContents.flatMap((s) => s.safeBags);
  } catch (e) {
    const wrongPassword = e instanceof Error && /password/i.test(e.message);
    throw new CertificateError(wrongPassword ? certText.wrongPassword : certText.readError);
  }
  const keyBag = bags.find((b) => b.type === BAG.shroudedKey || b.type === BAG.key);
  const certBags = bags.filter((b) => b.type === BAG.cert);
  if (!keyBag || certBags.length === 0) throw new CertificateError(certText.noCertificate);

  const keyId = keyBag.attributes.localKeyId?.[0];
  const certs = certBags.flatMap((b) => {
    const der = certificateDer(b);
    return der ? [{ bag: b, cert: parseCertificate(der) }] : [];
  });
  const own =
    certs.find((c) => keyId !== undefined && c.bag.attributes.localKeyId?.[0] === keyId) ??
    certs.find((c) => asn1.toDer(c.cert.issuerAsn1).getBytes() !== asn1.toDer(c.cert.subjectAsn1).getBytes());
  if (!own) throw new CertificateError(certText.noCertificate);

  const { cert } = own;
  if (cert.algorithm === 'rsa' && keyBag.key) return { cert, algorithms: rsaAlgorithms(keyBag.key) };
  if (cert.algorithm === 'sm2' && keyBag.asn1) return { cert, algorithms: sm2Algorithms(sm2PrivateKey(keyBag.asn1), cert.publicKeyHex) };
  throw new CertificateError(certText.unsupportedKey);
}

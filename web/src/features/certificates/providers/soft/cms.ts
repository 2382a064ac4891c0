import forge from './forge';
import type { ParsedCertificate } from './x509';

type Asn1 = forge.Asn1;
const { asn1 } = forge;
const { UNIVERSAL, CONTEXT_SPECIFIC } = asn1.Class;
const T = asn1.Type;

/** The CMS OIDs (RFC 5652) and the SM2/SM3 ones of GM/T 0006. */
export const CMS_OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sm3: '1.2.156.10197.1.401',
  sm2WithSm3: '1.2.156.10197.1.501',
} as const;

const oid = (o: string) => asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(o).getBytes());
const seq = (v: Asn1[]) => asn1.create(UNIVERSAL, T.SEQUENCE, true, v);
const set = (v: Asn1[]) => asn1.create(UNIVERSAL, T.SET, true, v);
const int = (n: number) => asn1.create(UNIVERSAL, T.INTEGER, false, String.fromCharCode(n));
const octets = (b: forge.Bytes) => asn1.create(UNIVERSAL, T.OCTETSTRING, false, b);
const explicit0 = (v: Asn1[]) => asn1.create(CONTEXT_SPECIFIC, 0, true, v);
const der = (a: Asn1) => asn1.toDer(a).getBytes();

/**
 * algorithmId writes an AlgorithmIdentifier; RSA and SHA-256 carry an explicit NULL
 * (RFC 4055), the SM2/SM3 ones none (GM/T 0010).
 */
function algorithmId(o: string, withNull: boolean): Asn1 {
  return seq(withNull ? [oid(o), asn1.create(UNIVERSAL, T.NULL, false, '')] : [oid(o)]);
}

/** SignerAlgorithms names what a key signs with: the digest, and the key's own signing function. */
export interface SignerAlgorithms {
  digestOid: string;
  signatureOid: string;
  /** digest hashes the content (the challenge's UTF-8 bytes). */
  digest(content: forge.Bytes): forge.Bytes;
  /** sign signs the DER of the signed attributes (a SET) and answers the signature's bytes. */
  sign(signedAttributes: forge.Bytes): forge.Bytes;
}

/**
 * signedAttributes writes contentType, signingTime, messageDigest in this order, which is
 * also their DER order: Go (gmsm) re-sorts the attributes before checking the signature, so
 * a signature over another order is refused although OpenSSL accepts it.
 */
export function signedAttributes(digest: forge.Bytes, at: Date): Asn1[] {
  const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);
  return [
    attribute(CMS_OID.contentType, oid(CMS_OID.data)),
    attribute(CMS_OID.signingTime, asn1.create(UNIVERSAL, T.UTCTIME, false, asn1.dateToUtcTime(at))),
    attribute(CMS_OID.messageDigest, octets(digest)),
  ];
}

/**
 * signedData builds a PKCS#7 SignedData (RFC 5652) over content with one signer and its
 * certificate, the content attached: the server's signType 1.
 */
export function signedData(content: forge.Bytes, cert: ParsedCertificate, alg: SignerAlgorithms, at = new Date()): forge.Bytes {
  const withNull = alg.digestOid === CMS_OID.sha256;
  const attrs = signedAttributes(alg.digest(content), at);
  // The signature covers the attributes encoded as a SET; in the SignerInfo they are [0] IMPLICIT.
  const signature = alg.sign(der(set(attrs)));
  const signerInfo = seq([
    int(1),
    seq([cert.issuerAsn1, cert.serialAsn1]),
    algorithmId(alg.digestOid, withNull),
    asn1.create(CONTEXT_SPECIFIC, 0, true, attrs),
    algorithmId(alg.signatureOid, alg.signatureOid === CMS_OID.rsaEncryption),
    octets(signature),
  ]);
  const sd = seq([
    int(1),
    set([algorithmId(alg.digestOid, withNull)]),
    seq([oid(CMS_OID.data), explicit0([octets(content)])]),
    asn1.create(CONTEXT_SPECIFIC, 0, true, [asn1.fromDer(cert.der, { decodeBitStrings: false })]),
    set([signerInfo]),
  ]);
  return der(seq([oid(CMS_OID.signedData), explicit0([sd])]));
}

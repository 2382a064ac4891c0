import forge from './forge';
import type { KeyAlgorithm } from '../types';

type Asn1 = forge.Asn1;
const { asn1 } = forge;

/** OIDs the soft provider reads or writes. */
export const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecPublicKey: '1.2.840.10045.2.1',
  sm2Curve: '1.2.156.10197.1.301',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
} as const;

/** Short names of the attribute types a Chinese CA puts into a DN. */
const dnNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'E',
};

/** ParsedCertificate is what the soft provider needs of an X.509 certificate. */
export interface ParsedCertificate {
  der: forge.Bytes;
  serialNumber: string;
  /** The issuer Name and serial INTEGER exactly as encoded: the signer's IssuerAndSerialNumber. */
  issuerAsn1: Asn1;
  serialAsn1: Asn1;
  subjectAsn1: Asn1;
  subject: { type: string; value: string }[];
  issuer: { type: string; value: string }[];
  validFrom: Date;
  validTo: Date;
  algorithm: KeyAlgorithm;
  /** The SubjectPublicKeyInfo. */
  spki: Asn1;
  /** The public key's bits (for SM2 the uncompressed point 04||x||y), hex. */
  publicKeyHex: string;
}

function children(node: Asn1): Asn1[] {
  if (typeof node.value === 'string') throw new Error('x509: expected a constructed value');
  return node.value;
}

function bytes(node: Asn1): forge.Bytes {
  if (typeof node.value !== 'string') throw new Error('x509: expected a primitive value');
  return node.value;
}

/** stringValue decodes a DirectoryString (UTF8String, PrintableString, BMPString …). */
function stringValue(node: Asn1): string {
  const b = bytes(node);
  if (node.type === asn1.Type.BMPSTRING) {
    let s = '';
    for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b.charCodeAt(i) << 8) | b.charCodeAt(i + 1));
    return s;
  }
  if (node.type === asn1.Type.UTF8) return forge.util.decodeUtf8(b);
  return b;
}

function readName(name: Asn1) {
  return children(name).flatMap((rdn) =>
    children(rdn).map((atv) => {
      const [type, value] = children(atv);
      const oid = asn1.derToOid(bytes(type));
      return { type: dnNames[oid] ?? oid, value: stringValue(value) };
    }),
  );
}

function readTime(node: Asn1): Date {
  return node.type === asn1.Type.UTCTIME ? asn1.utcTimeToDate(bytes(node)) : asn1.generalizedTimeToDate(bytes(node));
}

/** serialHex writes an INTEGER's bytes as the server stores serials: upper-case hex, no leading zeros. */
export function serialHex(b: forge.Bytes): string {
  return forge.util.bytesToHex(b).replace(/^0+(?=.)/, '').toUpperCase();
}

/** formatName writes a DN most-specific first, as RFC 4514 does. */
export function formatName(rdns: { type: string; value: string }[]): string {
  return [...rdns]
    .reverse()
    .map((a) => `${a.type}=${a.value}`)
    .join(', ');
}

/** ownerName is the certificate owner's name: its CN, else its O (02 §2's name check reads both). */
export function ownerName(rdns: { type: string; value: string }[]): string {
  return rdns.find((a) => a.type === 'CN')?.value ?? rdns.find((a) => a.type === 'O')?.value ?? '';
}

/**
 * parseCertificate reads a DER certificate with forge's ASN.1 only: forge's own X.509 reader
 * refuses keys that are not RSA, and SM2 certificates are half of what Chinese CAs issue.
 */
export function parseCertificate(der: forge.Bytes): ParsedCertificate {
  // Bit strings stay bytes: forge would otherwise parse a key's bits as ASN.1.
  const cert = asn1.fromDer(der, { decodeBitStrings: false });
  const tbs = children(children(cert)[0]);
  // The version is an optional [0]; the fields after it are fixed.
  const i = tbs[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serialAsn1 = tbs[i];
  const issuerAsn1 = tbs[i + 2];
  const [notBefore, notAfter] = children(tbs[i + 3]);
  const spki = tbs[i + 5];
  const [algId, keyBits] = children(spki);
  const [algOid, params] = children(algId);
  const alg = asn1.derToOid(bytes(algOid));
  let algorithm: KeyAlgorithm = 'other';
  if (alg === OID.rsaEncryption) algorithm = 'rsa';
  else if (alg === OID.ecPublicKey && params?.type === asn1.Type.OID && asn1.derToOid(bytes(params)) === OID.sm2Curve) algorithm = 'sm2';
  return {
    der,
    serialNumber: serialHex(bytes(serialAsn1)),
    serialAsn1,
    issuerAsn1,
    issuer: readName(issuerAsn1),
    subjectAsn1: tbs[i + 4],
    subject: readName(tbs[i + 4]),
    validFrom: readTime(notBefore),
    validTo: readTime(notAfter),
    algorithm,
    spki,
    // A BIT STRING's first byte counts the unused bits (0 for keys).
    publicKeyHex: forge.util.bytesToHex(bytes(keyBits).slice(1)),
  };
}

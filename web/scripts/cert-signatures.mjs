// cert-signatures: signs a challenge the way browser-side certificate code
// does, with libraries nobody here wrote, for the Go tests of
// internal/certificate (jsclients_test.go). Reads JSON on stdin:
//   {challenge, rsa: {key, cert}, ecdsa: {key, cert}, sm2: {priv, pub, cert}}
// (key: base64 PKCS#8 DER; cert: base64 DER; priv/pub: SM2 hex) and prints
// JSON {name: {signType, signToken}}:
//   node-forge PKCS#7 (RSA; SHA-1 and SHA-256; attached and detached), PKIjs
//   CMS (RSA and ECDSA P-256 through WebCrypto), sm-crypto-v2 raw SM2 (ASN.1
//   and r||s), and CMS assembled with PKIjs/asn1js around an sm-crypto-v2
//   signature (GB/T 35275 and standard OIDs; OpenSSL 3.0 cannot make SM2 CMS).
// Signed attributes are written in DER order (contentType, signingTime,
// messageDigest): node-forge and PKIjs keep the caller's order while Go
// re-sorts them. "forge/rsa/unsorted" keeps a wrong order on purpose.
import { webcrypto } from 'node:crypto';
import forge from 'node-forge';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sm2, sm3 } from 'sm-crypto-v2';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sm3: '1.2.156.10197.1.401',
  sm2sign: '1.2.156.10197.1.301.1', // GB/T 35275 (SM2-1)
  sm2sm3: '1.2.156.10197.1.501', // standard SM2-with-SM3
  gmData: '1.2.156.10197.6.1.4.2.1',
  gmSignedData: '1.2.156.10197.6.1.4.2.2',
};

const b64 = (buf) => Buffer.from(buf).toString('base64');
const fromB64 = (s) => new Uint8Array(Buffer.from(s, 'base64'));
const ab = (u8) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength);

const input = JSON.parse(await new Promise((resolve) => {
  let s = '';
  process.stdin.on('data', (d) => (s += d));
  process.stdin.on('end', () => resolve(s));
}));
const challenge = new TextEncoder().encode(input.challenge);
const out = {};

// node-forge: PKCS#7 SignedData, RSA only.
function forgeSign(md, detached, order) {
  const key = forge.pki.privateKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(input.rsa.key)));
  const cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.decode64(input.rsa.cert)));
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(input.challenge, 'utf8');
  p7.addCertificate(cert);
  const attrs = {
    contentType: { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
    signingTime: { type: forge.pki.oids.signingTime, value: new Date() },
    messageDigest: { type: forge.pki.oids.messageDigest },
  };
  p7.addSigner({ key, certificate: cert, digestAlgorithm: forge.pki.oids[md], authenticatedAttributes: order.map((k) => attrs[k]) });
  p7.sign({ detached });
  return b64(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
}
const derOrder = ['contentType', 'signingTime', 'messageDigest'];
for (const md of ['sha1', 'sha256']) {
  for (const detached of [false, true]) {
    out[`forge/rsa/${md}/${detached ? 'detached' : 'attached'}`] = { signType: 1, signToken: forgeSign(md, detached, derOrder) };
  }
}
out['forge/rsa/unsorted'] = { signType: 1, signToken: forgeSign('sha256', false, ['messageDigest', 'contentType', 'signingTime']) };

// PKIjs: CMS through WebCrypto.
// Node's webcrypto is the WebCrypto API; its TypeScript type differs from the DOM's in details PKIjs does not use.
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: /** @type {Crypto} */ (/** @type {unknown} */ (webcrypto)) });
pkijs.setEngine('node', engine);

function attribute(type, value) {
  return new pkijs.Attribute({ type, values: [value] });
}

function signedAttributes(digest) {
  return new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
      attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: new Date() })),
      attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: ab(digest) })),
    ],
  });
}

async function pkijsSign(which, algorithm, detached) {
  const cert = pkijs.Certificate.fromBER(fromB64(input[which].cert));
  const key = await webcrypto.subtle.importKey('pkcs8', fromB64(input[which].key), algorithm, false, ['sign']);
  const digest = new Uint8Array(await webcrypto.subtle.digest('SHA-256', challenge));
  const sd = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.data,
      ...(detached ? {} : { eContent: new asn1js.OctetString({ valueHex: ab(challenge) }) }),
    }),
    signerInfos: [new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
      signedAttrs: signedAttributes(digest),
    })],
    certificates: [cert],
  });
  await sd.sign(key, 0, 'SHA-256', detached ? ab(challenge) : undefined);
  const ci = new pkijs.ContentInfo({ contentType: OID.signedData, content: sd.toSchema(true) });
  return b64(ci.toSchema().toBER(false));
}
for (const detached of [false, true]) {
  const kind = detached ? 'detached' : 'attached';
  out[`pkijs/rsa/${kind}`] = { signType: 1, signToken: await pkijsSign('rsa', { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, detached) };
  out[`pkijs/ecdsa/${kind}`] = { signType: 1, signToken: await pkijsSign('ecdsa', { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }, detached) };
}

// sm-crypto-v2: raw SM2 (SM3 with Z of the default user id), as SOF_SignData.
const hexToBytes = (h) => new Uint8Array(Buffer.from(h, 'hex'));
const smSign = (msg, der) => sm2.doSignature(msg, input.sm2.priv, { hash: true, der, publicKey: input.sm2.pub });
out['sm-crypto-v2/raw/asn1'] = { signType: 2, signToken: b64(hexToBytes(smSign(challenge, true))), certificate: input.sm2.cert };
out['sm-crypto-v2/raw/rs'] = { signType: 2, signToken: b64(hexToBytes(smSign(challenge, false))), certificate: input.sm2.cert };

// SM2 CMS: PKIjs/asn1js structure, sm-crypto-v2 signature over the DER of
// the signed attributes (the [0] tag read as SET, as CMS prescribes).
function sm2CMS(gm) {
  const cert = pkijs.Certificate.fromBER(fromB64(input.sm2.cert));
  const attrs = signedAttributes(hexToBytes(sm3(challenge)));
  const der = new Uint8Array(attrs.toSchema().toBER(false));
  der[0] = 0x31;
  const sig = hexToBytes(smSign(der, true));
  const sd = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sm3 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: gm ? OID.gmData : OID.data,
      eContent: new asn1js.OctetString({ valueHex: ab(challenge) }),
    }),
    signerInfos: [new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
      digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sm3 }),
      signedAttrs: attrs,
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: gm ? OID.sm2sign : OID.sm2sm3 }),
      signature: new asn1js.OctetString({ valueHex: ab(sig) }),
    })],
    certificates: [cert],
  });
  const ci = new pkijs.ContentInfo({ contentType: gm ? OID.gmSignedData : OID.signedData, content: sd.toSchema(true) });
  return b64(ci.toSchema().toBER(false));
}
out['pkijs+sm-crypto-v2/sm2/gbt35275'] = { signType: 1, signToken: sm2CMS(true) };
out['pkijs+sm-crypto-v2/sm2/standard'] = { signType: 1, signToken: sm2CMS(false) };

process.stdout.write(JSON.stringify(out));

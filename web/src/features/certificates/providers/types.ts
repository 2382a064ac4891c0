/**
 * The certificate-provider interface (docs/decisions/certificates.md, "CA digital certificates in the browser (soft certificates)"): every source of certificates — a soft
 * .pfx/.p12 file today, the vendors' USB-key services later — lists certificates, reads one
 * and signs a challenge. The screens talk only to this interface.
 */

/** KeyAlgorithm is the key type of a certificate: it decides the digest and signature algorithm. */
export type KeyAlgorithm = 'rsa' | 'sm2' | 'other';

/** CertificateInfo is what a provider reads from one certificate. */
export interface CertificateInfo {
  /** The provider's handle of the certificate (a container name, an index). */
  id: string;
  /** Serial number, upper-case hexadecimal without leading zeros, as the server stores it. */
  serialNumber: string;
  /** Owner's common name (CN), or O when there is no CN. */
  owner: string;
  /** Owner's distinguished name, RFC 4514 order. */
  subject: string;
  /** Issuing CA's common name. */
  issuer: string;
  validFrom: Date;
  validTo: Date;
  algorithm: KeyAlgorithm;
  /** The certificate, base64 DER. */
  certificate: string;
}

/**
 * SignedChallenge is the proof the server's certificate calls take (CertProof): signType 1 is
 * a base64 PKCS#7 SignedData over the challenge's UTF-8 bytes, 2 a raw signature with the
 * certificate beside it.
 */
export interface SignedChallenge {
  signType: 1 | 2;
  signToken: string;
  certificate?: string;
}

/** CertificateProvider is one source of certificates. */
export interface CertificateProvider {
  /** kind names the source for the user (the 证书来源 choice). */
  readonly kind: 'soft' | KeyVendor;
  /** list answers the certificates the source holds now. */
  list(): Promise<CertificateInfo[]>;
  /** sign signs the challenge with the key of the certificate `id`. */
  sign(id: string, challenge: string): Promise<SignedChallenge>;
}

/** KeyVendor names a USB-key vendor whose local service has an adapter (BIDPASS_CA_LOCAL_SERVICES). */
export type KeyVendor = 'bjca' | 'netca' | 'longmai' | 'szca';

/** KeyProvider is a USB-key vendor's service: its certificates need the key's PIN before signing. */
export interface KeyProvider extends CertificateProvider {
  readonly kind: KeyVendor;
  /** login checks the PIN of the key holding certificate `id`; a wrong PIN says the tries left. */
  login(id: string, pin: string): Promise<void>;
  /** close lets go of the connection. */
  close(): void;
}

/**
 * CertificateError is a failure a provider reports in the user's words (01 §8: 未获取到证书！,
 * 证书读取错误 …): the screens show `message` as it is.
 */
export class CertificateError extends Error {
  override readonly name = 'CertificateError';
}

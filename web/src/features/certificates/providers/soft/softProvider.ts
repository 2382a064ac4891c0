import forge from './forge';
import { certText } from '@/shared/locales/certificates';
import { CertificateError, type CertificateInfo, type CertificateProvider, type SignedChallenge } from '../types';
import { signedData } from './cms';
import { openPfx, type SoftKey } from './pfx';
import { formatName, ownerName } from './x509';

/** SoftProvider is the certificate provider of .pfx/.p12 files the user opens in the page. */
export interface SoftProvider extends CertificateProvider {
  /** open reads a file with its password and answers its certificate; a second file of the same certificate replaces the first. */
  open(file: Uint8Array, password: string): CertificateInfo;
}

function info(id: string, key: SoftKey): CertificateInfo {
  const { cert } = key;
  return {
    id,
    serialNumber: cert.serialNumber,
    owner: ownerName(cert.subject),
    subject: formatName(cert.subject),
    issuer: ownerName(cert.issuer),
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    algorithm: cert.algorithm,
    certificate: forge.util.encode64(cert.der),
  };
}

/**
 * createSoftProvider makes a provider holding the keys of the files opened through it, in
 * memory only, for as long as the screen that made it lives: a key is never sent nor stored.
 * It signs with a PKCS#7 SignedData (signType 1), the challenge attached.
 */
export function createSoftProvider(): SoftProvider {
  const keys = new Map<string, SoftKey>();
  return {
    kind: 'soft',
    open(file, password) {
      const key = openPfx(file, password);
      const id = `${key.cert.serialNumber}@${forge.util.encode64(forge.asn1.toDer(key.cert.issuerAsn1).getBytes())}`;
      keys.set(id, key);
      return info(id, key);
    },
    list() {
      return Promise.resolve([...keys].map(([id, key]) => info(id, key)));
    },
    sign(id, challenge): Promise<SignedChallenge> {
      const key = keys.get(id);
      if (!key) return Promise.reject(new CertificateError(certText.noCertificate));
      const token = signedData(forge.util.encodeUtf8(challenge), key.cert, key.algorithms);
      return Promise.resolve({ signType: 1, signToken: forge.util.encode64(token) });
    },
  };
}

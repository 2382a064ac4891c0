import { certText } from '@/shared/locales/certificates';
import forge from './soft/forge';
import { formatName, ownerName, parseCertificate } from './soft/x509';
import { CertificateError, type CertificateInfo } from './types';

/**
 * certificateInfo reads a certificate a USB-key service handed over (base64 DER) into what the
 * screens show; one the page cannot read is 证书读取错误.
 */
export function certificateInfo(id: string, b64: string): CertificateInfo {
  let cert;
  try {
    cert = parseCertificate(forge.util.decode64(b64));
  } catch {
    throw new CertificateError(certText.readError);
  }
  return {
    id,
    serialNumber: cert.serialNumber,
    owner: ownerName(cert.subject),
    subject: formatName(cert.subject),
    issuer: ownerName(cert.issuer),
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    algorithm: cert.algorithm,
    certificate: b64,
  };
}

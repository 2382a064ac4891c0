import { useEffect } from 'react';
import type { CertificateReaderProps } from '@/shared/certificateSlots';
import { CertificatePicker } from './CertificatePicker';
import { useCertificates } from './useCertificates';

/**
 * CertificateReader is the picker of the bind dialog on its own: the staff console's 人员证书
 * dialog reads a member's certificate from a .pfx or a USB key with it and binds the
 * certificate (no signature: an administrator's staff binding takes the certificate, the member
 * proves the key at each sign-in). Nothing read outlives the dialog.
 */
export default function CertificateReader({ onChange }: CertificateReaderProps) {
  const certs = useCertificates();
  const c = certs.selected;
  useEffect(() => {
    onChange(c && { certificate: c.certificate, serialNumber: c.serialNumber, owner: c.owner, subject: c.subject, issuer: c.issuer, validTo: c.validTo });
  }, [c, onChange]);
  return <CertificatePicker certs={certs} layout="vertical" />;
}

import { useEffect, useRef } from 'react';
import type { CertificateReaderProps } from '@/shared/certificateSlots';
import { CertificatePicker } from './CertificatePicker';
import { useCertificates } from './useCertificates';

/**
 * CertificateReader is the picker of the bind dialog on its own: the staff console's 人员证书
 * dialog reads a member's certificate from a .pfx or a USB key with it and has the key sign the
 * staff binding's challenge with the same prove as the bind dialog. Nothing read outlives the
 * dialog.
 */
export default function CertificateReader({ onChange }: CertificateReaderProps) {
  const certs = useCertificates();
  const c = certs.selected;
  // prove reads the picker's state (the PIN) when it is called, not when the certificate was chosen.
  const latest = useRef(certs);
  useEffect(() => {
    latest.current = certs;
  });
  useEffect(() => {
    onChange(
      c && {
        certificate: c.certificate,
        serialNumber: c.serialNumber,
        owner: c.owner,
        subject: c.subject,
        issuer: c.issuer,
        validTo: c.validTo,
        prove: (challenge, submit) => latest.current.prove(challenge, submit),
      },
    );
  }, [c, onChange]);
  return <CertificatePicker certs={certs} layout="vertical" />;
}

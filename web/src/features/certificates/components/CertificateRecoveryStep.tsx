import { Button } from 'antd';
import { useState } from 'react';
import type { CertificateRecoveryProps } from '@/shared/certificateSlots';
import { certText as t } from '@/shared/locales/certificates';
import { recoverChallenge, recoverWithCertificate } from '../api/certificateCalls';
import { CertificatePicker } from './CertificatePicker';
import styles from './certificates.module.css';
import { errorText, useCertificates } from './useCertificates';
import { useMessage } from '@/shared/feedback/message';

/**
 * CertificateRecoveryStep is step 0 of recovery by certificate (01 §2 the certificate card,
 * docs/spec/DECISIONS.md): sign a recovery challenge with a bound certificate; the server answers the
 * account it is bound to and the checkCode of the reset, as the phone step does.
 */
export default function CertificateRecoveryStep({ onFound }: CertificateRecoveryProps) {
  const message = useMessage();
  const certs = useCertificates();
  const [pending, setPending] = useState(false);

  async function verify() {
    setPending(true);
    try {
      onFound(await certs.prove((serialNumber) => recoverChallenge(serialNumber), recoverWithCertificate));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div data-testid="cert-recover">
      <CertificatePicker certs={certs} />
      <div className={styles.actions}>
        <Button type="primary" loading={pending} onClick={() => void verify()} data-testid="cert-recover-submit">
          {t.recoverSubmit}
        </Button>
      </div>
    </div>
  );
}

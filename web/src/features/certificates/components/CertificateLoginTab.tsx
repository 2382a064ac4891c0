import { App, Button } from 'antd';
import { useState } from 'react';
import type { CertificateSignInProps } from '@/shared/certificateSlots';
import { certText as t } from '@/shared/locales/certificates';
import { loginChallenge, signInWithCertificate } from '../api/certificateCalls';
import { CertificatePicker } from './CertificatePicker';
import styles from './certificates.module.css';
import { errorText, useCertificates } from './useCertificates';

/**
 * CertificateLoginTab is the 数字证书 tab of the login page (01 §2, §4 certificate login):
 * choose a source and a certificate, then 证书登录 asks a challenge for its serial, signs it
 * in the page and sends the signature; the login page does what follows a sign-in. Loaded
 * only when the tab opens.
 */
export default function CertificateLoginTab({ onSignedIn }: CertificateSignInProps) {
  const { message } = App.useApp();
  const certs = useCertificates();
  const [pending, setPending] = useState(false);

  async function signIn() {
    setPending(true);
    try {
      await onSignedIn(await certs.prove((serialNumber) => loginChallenge(serialNumber), signInWithCertificate));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div data-testid="cert-login">
      <CertificatePicker certs={certs} layout="vertical" />
      <div className={styles.actions}>
        <Button type="primary" block size="large" loading={pending} onClick={() => void signIn()} data-testid="cert-login-submit">
          {pending ? t.signingIn : t.signIn}
        </Button>
      </div>
    </div>
  );
}

import { Button } from 'antd';
import { useState } from 'react';
import type { CertificateSignInProps } from '@/shared/certificateSlots';
import { certText as t } from '@/shared/locales/certificates';
import { loginChallenge, signInWithCertificate } from '../api/certificateCalls';
import { CertificatePicker } from './CertificatePicker';
import styles from './certificates.module.css';
import { errorText, useCertificates, type Proof } from './useCertificates';
import { useMessage } from '@/shared/feedback/message';

/** SignInCalls are a certificate sign-in's two calls: the challenge for a serial, then the proof. */
export interface SignInCalls<T> {
  challenge: (serialNumber: string) => Promise<string>;
  signIn: (proof: Proof) => Promise<T>;
}

/**
 * CertificateSignInForm chooses a source and a certificate, then 证书登录 asks a challenge for
 * its serial, signs it in the page (or on the USB key) and sends the signature; the caller does
 * what follows a sign-in. The portal's tab and the staff console's share it.
 */
export function CertificateSignInForm<T>({ calls, onSignedIn }: { calls: SignInCalls<T>; onSignedIn: (res: T) => Promise<void> | void }) {
  const message = useMessage();
  const certs = useCertificates();
  const [pending, setPending] = useState(false);

  async function signIn() {
    setPending(true);
    try {
      await onSignedIn(await certs.prove(calls.challenge, calls.signIn));
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

const portal = { challenge: loginChallenge, signIn: signInWithCertificate };

/**
 * CertificateLoginTab is the 数字证书 tab of the login page (01 §2, §4 certificate login).
 * Loaded only when the tab opens.
 */
export default function CertificateLoginTab({ onSignedIn }: CertificateSignInProps) {
  return <CertificateSignInForm calls={portal} onSignedIn={onSignedIn} />;
}

import type { CertificateStaffSignInProps } from '@/shared/certificateSlots';
import { staffChallenge, staffSignIn } from '../api/certificateCalls';
import { CertificateSignInForm } from './CertificateLoginTab';

const staff = { challenge: staffChallenge, signIn: staffSignIn };

/**
 * StaffCertificateSignIn is the 数字证书 tab of the staff console's sign-in: the portal's form
 * against the staff calls (the certificate an administrator bound to the member; the server
 * answers the staff session as the password sign-in does). Loaded only when the tab opens.
 */
export default function StaffCertificateSignIn({ onSignedIn }: CertificateStaffSignInProps) {
  return <CertificateSignInForm calls={staff} onSignedIn={onSignedIn} />;
}

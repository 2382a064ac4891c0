import { lazy } from 'react';
import type { CertificateSlots } from '@/shared/certificateSlots';

/**
 * certificateSlots fills the certificate slots of the login page and the recovery wizard with
 * the certificate feature's components, each its own lazy chunk: the login route's first
 * load does not carry node-forge and sm-crypto-v2 (`npm run size`).
 */
export const certificateSlots: CertificateSlots = {
  SignIn: lazy(() => import('@/features/certificates/components/CertificateLoginTab')),
  Recovery: lazy(() => import('@/features/certificates/components/CertificateRecoveryStep')),
  StaffSignIn: lazy(() => import('@/features/certificates/components/StaffCertificateSignIn')),
  Reader: lazy(() => import('@/features/certificates/components/CertificateReader')),
};

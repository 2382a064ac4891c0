import { lazy } from 'react';
import type { CertificateSignInProps, CertificateSlots } from '@/shared/certificateSlots';
import { antdIsland } from '@/shared/light/AntdIsland';

/**
 * certificateSlots fills the certificate slots of the login page and the recovery wizard with
 * the certificate feature's components, each its own lazy chunk: the login route's first
 * load does not carry node-forge and sm-crypto-v2 (`npm run size`).
 */
export const certificateSlots: CertificateSlots = {
  // The login page draws without antd (docs/decisions/frontend-load.md, "Front-end load"): its certificate tab brings antd's providers along.
  SignIn: antdIsland<CertificateSignInProps>(() => import('@/features/certificates/components/CertificateLoginTab').then((m) => m.default)),
  Recovery: lazy(() => import('@/features/certificates/components/CertificateRecoveryStep')),
  StaffSignIn: lazy(() => import('@/features/certificates/components/StaffCertificateSignIn')),
  Reader: lazy(() => import('@/features/certificates/components/CertificateReader')),
};

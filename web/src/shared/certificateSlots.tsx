/**
 * Certificate slots: the screens of other features that need a certificate (the login page's
 * 数字证书 tab, the recovery card) take it from here, because a feature may not import another
 * (eslint-rules/layers.js). src/app fills the slots with the certificate feature's components,
 * lazily, so their code (node-forge, sm-crypto-v2) loads only when a certificate screen opens.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { RequestBody, ResponseData } from './api/contract';

/** CertificateSignInProps are the login tab's: what to do once the certificate signed in. */
export interface CertificateSignInProps {
  onSignedIn: (res: ResponseData<'/api/login/cert', 'post'>) => Promise<void> | void;
}

/** CertificateRecoveryProps are the recovery step's: the account found and its checkCode. */
export interface CertificateRecoveryProps {
  onFound: (res: ResponseData<'/api/retrieve/pwd/cert', 'post'>) => void;
}

/** CertificateStaffSignInProps are the console's certificate sign-in's: what to do with the staff session. */
export interface CertificateStaffSignInProps {
  onSignedIn: (res: ResponseData<'/api/admin/login/cert', 'post'>) => Promise<void> | void;
}

/** CertificateProof is a signed challenge as the certificate calls of the server take it. */
export type CertificateProof = RequestBody<'/api/login/cert', 'post'>;

/** ReadCertificate is a certificate the reader read: what the console shows of it and the certificate itself. */
export interface ReadCertificate {
  /** The certificate, base64 DER. */
  certificate: string;
  serialNumber: string;
  owner: string;
  subject: string;
  issuer: string;
  validTo: Date;
  /**
   * prove has the certificate's key sign a server challenge (a USB key after its PIN) and submits
   * the proof, as the portal's bind dialog does: a staff binding needs the key, not only the
   * certificate.
   */
  prove: <T>(challenge: (serialNumber: string) => Promise<string>, submit: (proof: CertificateProof) => Promise<T>) => Promise<T>;
}

/** CertificateReaderProps are the certificate reader's: it says which certificate is chosen (null: none). */
export interface CertificateReaderProps {
  onChange: (c: ReadCertificate | null) => void;
}

/** CertificateSlots are the components src/app provides. */
export interface CertificateSlots {
  SignIn: ComponentType<CertificateSignInProps>;
  Recovery: ComponentType<CertificateRecoveryProps>;
  /** StaffSignIn is the 数字证书 tab of the staff console's sign-in (#/admin). */
  StaffSignIn: ComponentType<CertificateStaffSignInProps>;
  /**
   * Reader reads a certificate from a .pfx file or a USB key (the picker of the bind dialog) for
   * the console's 人员证书 dialog, which has its key sign the staff binding's challenge.
   */
  Reader: ComponentType<CertificateReaderProps>;
}

/** CertificateSlotsContext is null where no certificate feature is composed (tests of one feature). */
export const CertificateSlotsContext = createContext<CertificateSlots | null>(null);

/** useCertificateSlots answers the certificate components, or null. */
export function useCertificateSlots(): CertificateSlots | null {
  return useContext(CertificateSlotsContext);
}

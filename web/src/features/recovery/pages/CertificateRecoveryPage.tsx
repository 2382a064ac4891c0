import { PartLoading } from '@/shared/components/PartLoading';
import { Suspense } from 'react';
import { useCertificateSlots } from '@/shared/certificateSlots';
import { certText } from '@/shared/locales/certificates';
import { zhCN } from '@/shared/locales/zh-CN';
import { RecoveryWizard } from '../components/RecoveryWizard';
import { PlainResult } from '@/shared/components/PlainResult';

/**
 * CertificateRecoveryPage is /supply/findPwd/certificate: the recovery wizard whose first
 * step signs a challenge with a bound certificate (the certificate feature's step, through
 * the slot src/app fills); choosing the account and the reset are the phone path's.
 */
export default function CertificateRecoveryPage() {
  const certificate = useCertificateSlots();
  if (!certificate) return <PlainResult status="info" subTitle={zhCN.recovery.methodCertComing} />;
  return (
    <RecoveryWizard
      steps={certText.recoverSteps}
      verify={(onFound) => (
        <Suspense fallback={<PartLoading />}>
          <certificate.Recovery onFound={onFound} />
        </Suspense>
      )}
    />
  );
}

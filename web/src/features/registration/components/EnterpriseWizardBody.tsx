import { Spin, Steps } from 'antd';
import { Suspense, useState } from 'react';
import { useAdmissionSlots, type AdmissionOutcome as StepOutcome } from '@/shared/admissionSlots';
import { zhCN } from '@/shared/locales/zh-CN';
import type { RegistrationProgress } from '@/shared/api/types';
import { admissionText } from '@/shared/locales/admission';
import type { EnterpriseRealAuthBody } from '@/shared/api/submitEnterpriseRealAuth';
import { DoneCard } from './DoneCard';
import { EnterpriseAuthStep } from './EnterpriseAuthStep';
import { EnterpriseInfoStep } from './EnterpriseInfoStep';
import { useKeptPhotos } from './keptPhotos';

/**
 * EnterpriseWizardBody runs the enterprise steps after the account exists: basic
 * information, authentication, then (on /completeInfo) the library-admission step
 * (apply, save a draft or skip), then done, saying what was done. withAdmission selects the /completeInfo indicator (注册, 完善信息,
 * 入库申请, 完成); without it the wizard's own four steps are shown.
 */
export function EnterpriseWizardBody({
  progress,
  reload,
  withAdmission,
  onFinished,
}: {
  progress: RegistrationProgress;
  reload: () => Promise<RegistrationProgress | null>;
  withAdmission: boolean;
  onFinished: () => void;
}) {
  const t = zhCN.registration;
  const [step, setStep] = useState<number>(progress.step < 1 ? 1 : progress.step);
  const photos = useKeptPhotos<EnterpriseRealAuthBody>(`enterprise-auth-${progress.accountId}`);
  const slots = useAdmissionSlots();
  // Without the admission feature composed (a test of this feature alone) the step is skipped.
  const [admission, setAdmission] = useState<StepOutcome | null>(withAdmission && slots ? null : 'skipped');
  const e = progress.enterprise;
  const done = step >= 3 && admission !== null;
  const steps = withAdmission ? t.complete.stepsEnterprise : t.enterprise.steps;
  const indicator = withAdmission ? (step < 3 ? 1 : done ? 3 : 2) : step;
  // A skipped admission step is not ticked as done.
  const skipped = withAdmission && admission === 'skipped';

  return (
    <>
      <Steps
        current={indicator}
        items={steps.map((title, i) => (skipped && i === 2 ? { title, status: 'wait' as const, description: admissionText.step.skipped } : { title }))}
        style={{ marginBottom: 24 }}
      />
      {step === 1 && (
        <EnterpriseInfoStep
          saved={e}
          onDone={(r) => {
            void reload();
            setStep(r.step);
          }}
        />
      )}
      {step === 2 && (
        <EnterpriseAuthStep
          saved={{
            ...(e ? { enterpriseId: e.enterpriseDto.enterpriseId, personFrontId: e.legalPersonDto.personFrontId, personBackId: e.legalPersonDto.personBackId } : {}),
            ...photos.kept,
          }}
          onChange={photos.keep}
          onBack={(kept) => {
            photos.keep(kept);
            setStep(1);
          }}
          onDone={() => {
            photos.clear();
            onFinished();
            setStep(3);
          }}
        />
      )}
      {step >= 3 && admission === null && slots && (
        <Suspense fallback={<Spin />}>
          <slots.Step onDone={setAdmission} />
        </Suspense>
      )}
      {done && <DoneCard note={admissionNote(admission)} />}
    </>
  );
}

/** admissionNote is the done card's text after the admission step: what was really done there. */
function admissionNote(o: StepOutcome | null): string | undefined {
  const w = zhCN.registration.done.waitReview;
  if (o === 'submitted') return `${w}${admissionText.step.submittedNote}`;
  if (o === 'draft') return `${w}${admissionText.step.draftNote}`;
  return undefined;
}

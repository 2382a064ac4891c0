import { Spin } from 'antd';
import { PlainSteps } from '@/shared/components/PlainSteps';
import { Suspense, useState } from 'react';
import { useAdmissionSlots, type AdmissionOutcome as StepOutcome } from '@/shared/admissionSlots';
import { zhCN } from '@/shared/locales/zh-CN';
import type { RegistrationProgress } from '@/shared/api/types';
import { admissionText } from '@/shared/locales/admission';
import type { EnterpriseRealAuthBody } from '@/shared/api/submitEnterpriseRealAuth';
import { DoneCard } from './DoneCard';
import { InnerSteps } from './InnerSteps';
import { EnterpriseAuthStep } from './EnterpriseAuthStep';
import { EnterpriseInfoStep, type InfoDraft } from './EnterpriseInfoStep';
import { useKept } from './kept';

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
  const photos = useKept<EnterpriseRealAuthBody>(`enterprise-auth-${progress.accountId}`);
  // The licence is uploaded on step 1: kept like the photos until the registration is
  // submitted, and what else is typed there is kept for moves between the steps.
  const licence = useKept<{ enterpriseId: string }>(`enterprise-licence-${progress.accountId}`);
  const [draft, setDraft] = useState<Partial<InfoDraft> | null>(null);
  const slots = useAdmissionSlots();
  // Without the admission feature composed (a test of this feature alone) the step is skipped.
  const [admission, setAdmission] = useState<StepOutcome | null>(withAdmission && slots ? null : 'skipped');
  const e = progress.enterprise;
  const done = step >= 3 && admission !== null;
  const steps = withAdmission ? t.complete.stepsEnterprise : t.enterprise.steps;
  const indicator = withAdmission ? (step < 3 ? 1 : done ? 3 : 2) : step;
  // A skipped admission step is not ticked as done.
  const skipped = withAdmission && admission === 'skipped';
  const reached = progress.registerProcess === 1 ? Math.max(progress.step, 1) : 3;
  const savedLicence = e?.enterpriseDto.enterpriseId ?? '';

  return (
    <>
      <PlainSteps
        current={indicator}
        onChange={(i) => {
          // A click on the indicator sets a step already reached (01 §2), between the basic
          // information and the authentication only: the account exists, and back is allowed
          // only from the authentication step. /completeInfo's boxes map 完善信息 to both.
          const target = withAdmission ? step : i;
          if (!done && step < 3 && target >= 1 && target <= Math.min(reached, 2)) setStep(target);
        }}
        items={steps.map((title, i) => (skipped && i === 2 ? { title, status: 'wait' as const, content: admissionText.step.skipped } : { title }))}
        style={{ marginBottom: 24 }}
      />
      {withAdmission && !done && step < 3 && (
        <InnerSteps titles={[t.enterprise.steps[1] ?? '', t.enterprise.steps[2] ?? '']} at={step} reached={reached} onPick={setStep} />
      )}
      {step === 1 && (
        <EnterpriseInfoStep
          saved={e}
          draft={draft}
          keptLicence={licence.kept.enterpriseId}
          onChange={(d) => {
            setDraft(d);
            licence.keep({ enterpriseId: d.enterpriseDto?.enterpriseId ?? '' });
          }}
          onDone={(r) => {
            void reload();
            setStep(r.step);
          }}
        />
      )}
      {step === 2 && (
        <EnterpriseAuthStep
          licenceId={savedLicence}
          saved={{
            ...(e ? { personFrontId: e.legalPersonDto.personFrontId, personBackId: e.legalPersonDto.personBackId } : {}),
            ...photos.kept,
          }}
          onChange={photos.keep}
          onBack={(kept) => {
            photos.keep(kept);
            setStep(1);
          }}
          onDone={() => {
            photos.clear();
            licence.clear();
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

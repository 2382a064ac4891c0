import { Button, Result, Steps } from 'antd';
import { useState } from 'react';
import { zhCN } from '@/shared/locales/zh-CN';
import type { RegistrationProgress } from '@/shared/api/types';
import { DoneCard } from './DoneCard';
import { EnterpriseAuthStep } from './EnterpriseAuthStep';
import { EnterpriseInfoStep } from './EnterpriseInfoStep';

/**
 * EnterpriseWizardBody runs the enterprise steps after the account exists: basic
 * information, authentication, then (on /completeInfo) the library-admission place,
 * then done. withAdmission selects the /completeInfo indicator (注册, 完善信息,
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
  const [admissionSeen, setAdmissionSeen] = useState(!withAdmission);
  const e = progress.enterprise;
  const done = step >= 3 && admissionSeen;
  const steps = withAdmission ? t.complete.stepsEnterprise : t.enterprise.steps;
  const indicator = withAdmission ? (step < 3 ? 1 : done ? 3 : 2) : step;

  return (
    <>
      <Steps current={indicator} items={steps.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
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
          saved={e ? { enterpriseId: e.enterpriseDto.enterpriseId, personFrontId: e.legalPersonDto.personFrontId, personBackId: e.legalPersonDto.personBackId } : null}
          onBack={() => setStep(1)}
          onDone={() => {
            onFinished();
            setStep(3);
          }}
        />
      )}
      {step >= 3 && !admissionSeen && (
        <Result
          status="info"
          title={t.complete.admissionTitle}
          subTitle={t.complete.admissionText}
          extra={
            <Button type="primary" onClick={() => setAdmissionSeen(true)} data-testid="admission-next">
              {t.complete.admissionNext}
            </Button>
          }
          data-testid="admission-placeholder"
        />
      )}
      {done && <DoneCard />}
    </>
  );
}

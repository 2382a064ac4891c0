import { PlainSteps } from '@/shared/components/PlainSteps';
import { useState } from 'react';
import { zhCN } from '@/shared/locales/zh-CN';
import type { RegistrationProgress } from '@/shared/api/types';
import type { PersonRealAuthBody } from '@/shared/api/submitPersonRealAuth';
import { AccountCreatedStep } from './AccountCreatedStep';
import { DoneCard } from './DoneCard';
import { InnerSteps } from './InnerSteps';
import { useKept } from './kept';
import { PersonRealAuthStep } from './PersonRealAuthStep';
import { PersonRealInfoStep, type RealInfoDraft } from './PersonRealInfoStep';

/**
 * PersonWizardBody runs the individual steps after the account exists: real-name
 * information, authentication (only with manual verification), done; 上一步 on the
 * information goes back to the account step, shown as the account already created. steps
 * are the indicator's titles; toIndicator maps a wizard step to its indicator position (the
 * /completeInfo page has fewer boxes than the wizard). What is typed on the information step
 * and not yet saved is kept here, so 上一步 and the indicator lose none of it.
 */
export function PersonWizardBody({
  progress,
  reload,
  steps,
  toIndicator = (s) => s,
  onFinished,
}: {
  progress: RegistrationProgress;
  reload: () => Promise<RegistrationProgress | null>;
  steps: string[];
  offset?: number;
  toIndicator?: (step: number) => number;
  onFinished: () => void;
}) {
  const [step, setStep] = useState<number>(progress.step < 1 ? 1 : progress.step);
  const [note, setNote] = useState<string | undefined>(undefined);
  // Set when the information step finished the registration without manual verification:
  // the 实名认证 box is then drawn not done, saying it was skipped (not ticked).
  const [authSkipped, setAuthSkipped] = useState(false);
  const [draft, setDraft] = useState<Partial<RealInfoDraft> | null>(null);
  const photos = useKept<PersonRealAuthBody>(`person-auth-${progress.accountId}`);
  const p = progress.person;
  const finished = step >= 3;
  const reached = progress.registerProcess === 1 ? Math.max(progress.step, 1) : 3;

  return (
    <>
      <PlainSteps
        current={toIndicator(step)}
        onChange={(i) => {
          // A click on the indicator sets a step already reached (01 §2); the account step
          // (0) is always reached here. /completeInfo's boxes are 注册, 完善信息, 完成.
          const target = steps.length === 4 ? i : i === 0 ? 0 : i === 1 ? 1 : step;
          if (!finished && target <= reached && target < 3) setStep(target);
        }}
        items={steps.map((title, i) =>
          authSkipped && steps.length === 4 && i === 2 ? { title, status: 'wait' as const, content: zhCN.registration.person.authSkipped } : { title },
        )}
        style={{ marginBottom: 24 }}
      />
      {steps.length !== 4 && (step === 1 || step === 2) && (
        <InnerSteps titles={[zhCN.registration.person.steps[1] ?? '', zhCN.registration.person.steps[2] ?? '']} at={step} reached={reached} onPick={setStep} />
      )}
      {step === 0 && <AccountCreatedStep account={progress.userName} phone={progress.phone} onNext={() => setStep(1)} />}
      {step === 1 && (
        <PersonRealInfoStep
          saved={p}
          draft={draft}
          onChange={setDraft}
          onPrevious={() => setStep(0)}
          onDone={(r, msg) => {
            void reload();
            if (r.step >= 3) {
              setAuthSkipped(true);
              setNote(msg || zhCN.registration.person.laterNotice);
              onFinished();
            }
            setStep(r.step);
          }}
        />
      )}
      {step === 2 && p && (
        <PersonRealAuthStep
          person={p}
          saved={{ certFrontId: p.certFrontId, certBackId: p.certBackId, certTakeId: p.certTakeId, certDetailAddr: p.certAddress, ...photos.kept }}
          onChange={photos.keep}
          onPrevious={(kept) => {
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
      {step >= 3 && <DoneCard note={note} />}
    </>
  );
}

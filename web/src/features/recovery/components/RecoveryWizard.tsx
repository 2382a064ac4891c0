import { PlainSteps } from '@/shared/components/PlainSteps';
import { Suspense, useState, type ReactNode } from 'react';
import type { FoundAccount } from '@/shared/api/types';
import { PartLoading } from '@/shared/components/PartLoading';
import { usePreloadWhenIdle } from '@/shared/components/lazyPart';
import type { FindResult } from '../api/findAccounts';
import { AccountPicker, DoneCountdown, ResetForm } from './lazySteps';
import styles from './recovery.module.css';

export interface RecoveryWizardProps {
  /** The four step titles. */
  steps: readonly string[];
  /**
   * verify draws step 0, which proves the user holds the phone, the address or a certificate and
   * calls onFound with the server's list of accounts. The page gives it (VerifyForm, or the
   * certificate's step), so a page loads only its own first step: the certificate recovery does
   * not carry the phone form and antd's Form engine with it (docs/decisions/frontend-load.md, "Front-end load").
   */
  verify: (onFound: (r: FindResult) => void) => ReactNode;
}

/**
 * RecoveryWizard runs the four steps of 01 §4 Recovery (0 → 1 → 2 → 3): verify the phone
 * or address, choose the account from the server's list, reset its password, done.
 */
export function RecoveryWizard({ steps, verify }: RecoveryWizardProps) {
  const [step, setStep] = useState(0);
  const [found, setFound] = useState<FindResult | null>(null);
  const [account, setAccount] = useState<FoundAccount | null>(null);
  usePreloadWhenIdle(AccountPicker, ResetForm, DoneCountdown);
  function onFound(r: FindResult) {
    setFound(r);
    setStep(1);
  }

  return (
    <div className={styles.wizard}>
      <PlainSteps className={styles.steps} current={step} items={steps.map((title) => ({ title }))} />
      {step === 0 && verify(onFound)}
      <Suspense fallback={<PartLoading />}>
        {step === 1 && found && (
          <AccountPicker
            accounts={found.accounts}
            onBack={() => setStep(0)}
            onPick={(a) => {
              setAccount(a);
              setStep(2);
            }}
          />
        )}
        {step === 2 && found && account && (
          <ResetForm account={account} checkCode={found.checkCode} onBack={() => setStep(1)} onDone={() => setStep(3)} />
        )}
        {step === 3 && <DoneCountdown />}
      </Suspense>
    </div>
  );
}

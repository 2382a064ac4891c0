import { WizardLoading } from '../components/WizardLoading';
import { PlainSteps } from '@/shared/components/PlainSteps';
import { Suspense, useState } from 'react';
import { usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { zhCN } from '@/shared/locales/zh-CN';
import { getRegisterProcess, getUserType, hasToken, saveSignIn, setRegisterProcess, UserType } from '@/shared/session/session';
import { AccountStep } from '../components/AccountStep';
import { EnterpriseWizardBody } from '../components/lazyBodies';
import { useProgress } from '../components/useProgress';

/**
 * RegisterLegalPersonPage is the enterprise wizard (01 §2): account, basic information,
 * real-name authentication, done. A stored unfinished enterprise registration resumes
 * at the step the server says.
 */
export default function RegisterLegalPersonPage() {
  const resuming = hasToken() && getRegisterProcess() && getUserType() === UserType.Enterprise;
  const { progress, loading, reload } = useProgress(resuming);
  const [created, setCreated] = useState(false);
  usePreloadWhenIdle(EnterpriseWizardBody);

  if (loading) return <WizardLoading />;
  if (!progress && !created) {
    return (
      <>
        <PlainSteps current={0} items={zhCN.registration.enterprise.steps.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        <AccountStep
          enterprise
          onDone={(r) => {
            saveSignIn({ token: r.accessToken, userName: r.user.userName, userId: String(r.id), userType: UserType.Enterprise, registerProcess: true });
            setCreated(true);
            void reload();
          }}
        />
      </>
    );
  }
  if (!progress) return <WizardLoading />;
  return (
    <Suspense fallback={<WizardLoading />}>
      <EnterpriseWizardBody progress={progress} reload={reload} withAdmission={false} onFinished={() => setRegisterProcess(false)} />
    </Suspense>
  );
}

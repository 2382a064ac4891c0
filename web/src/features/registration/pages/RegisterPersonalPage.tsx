import { WizardLoading } from '../components/WizardLoading';
import { PlainSteps } from '@/shared/components/PlainSteps';
import { Suspense, useState } from 'react';
import { usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { zhCN } from '@/shared/locales/zh-CN';
import { getRegisterProcess, getUserType, hasToken, saveSignIn, setRegisterProcess, UserType } from '@/shared/session/session';
import { AccountStep } from '../components/AccountStep';
import { PersonWizardBody } from '../components/lazyBodies';
import { useProgress } from '../components/useProgress';

/**
 * RegisterPersonalPage is the individual wizard (01 §2): 0 account, 1 real-name
 * information, 2 real-name authentication, 3 done. A stored unfinished registration of
 * a person resumes at the step the server says, with its saved data.
 */
export default function RegisterPersonalPage() {
  const resuming = hasToken() && getRegisterProcess() && getUserType() === UserType.Person;
  const { progress, loading, reload } = useProgress(resuming);
  const [created, setCreated] = useState(false);
  usePreloadWhenIdle(PersonWizardBody);

  if (loading) return <WizardLoading />;
  if (!progress && !created) {
    return (
      <>
        <PlainSteps current={0} items={zhCN.registration.person.steps.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        <AccountStep
          enterprise={false}
          onDone={(r) => {
            saveSignIn({ token: r.accessToken, userName: r.user.userName, userId: String(r.id), userType: UserType.Person, registerProcess: true });
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
      <PersonWizardBody progress={progress} reload={reload} steps={zhCN.registration.person.steps} offset={0} onFinished={() => setRegisterProcess(false)} />
    </Suspense>
  );
}

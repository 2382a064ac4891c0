import { Alert, Spin } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { getUserType, hasToken, setRegisterProcess, UserType } from '@/shared/session/session';
import { EnterpriseWizardBody, PersonWizardBody } from '../components/lazyBodies';
import { useProgress } from '../components/useProgress';

/**
 * CompleteInfoPage (/completeInfo) is where an account whose registration is unfinished
 * lands after signing in (docs/spec/DECISIONS.md). The account comes from the session, never from
 * the accountId of the query; the server's progress decides the step, and the saved
 * data is shown again. Individual: 注册, 完善信息, 完成. Enterprise: 注册, 完善信息,
 * 入库申请 (apply, save a draft or skip), 完成.
 */
export default function CompleteInfoPage() {
  const signedIn = hasToken();
  const { progress, loading, reload } = useProgress(signedIn);
  // Once the wizard's last submission has landed, the "unfinished" banner no longer holds.
  const [finished, setFinished] = useState(false);
  // The session knows the account's kind before the progress arrives: its wizard is fetched
  // alongside the progress, not after it.
  useEffect(() => {
    if (signedIn) void (getUserType() === UserType.Enterprise ? EnterpriseWizardBody : PersonWizardBody).preload().catch(() => undefined);
  }, [signedIn]);
  if (!signedIn) return <Navigate to={paths.login} replace />;
  const t = zhCN.registration.complete;
  return (
    <Panel style={{ maxWidth: 960, margin: '24px auto' }} title={zhCN.pages.completeInfo}>
      {loading && !progress ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : progress ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          {progress.registerProcess === 1 && !finished && <Alert type="info" showIcon title={t.resumeHint} style={{ marginBottom: 16 }} />}
          {progress.type === 1 ? (
            <PersonWizardBody
              progress={progress}
              reload={reload}
              steps={t.stepsPerson}
              toIndicator={(s) => (s >= 3 ? 2 : s === 0 ? 0 : 1)}
              onFinished={() => {
                setRegisterProcess(false);
                setFinished(true);
              }}
            />
          ) : (
            <EnterpriseWizardBody
              progress={progress}
              reload={reload}
              withAdmission
              onFinished={() => {
                setRegisterProcess(false);
                setFinished(true);
              }}
            />
          )}
        </Suspense>
      ) : null}
    </Panel>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Panel } from '@/shared/components/Panel';
import { ApiError } from '@/shared/api/http';
import { useMessage } from '@/shared/feedback/message';
import { secondFactorText } from '@/shared/locales/secondFactor';
import { CodeForm, EnrolmentSteps, RecoveryCodes } from '@/shared/secondFactor/SecondFactorParts';
import styles from '@/shared/secondFactor/secondFactor.module.css';
import { accountKeys } from '../api/queries';
import { beginTotp, confirmTotp, getFactorStatus, regenerateRecoveryCodes, removeTotp } from '../api/secondFactor';

const t = secondFactorText;
const factorKey = [...accountKeys.all, 'totp'] as const;

type Enrolment = Awaited<ReturnType<typeof beginTotp>>;

/**
 * TotpCard is 动态口令 in 账号安全管理 (docs/decisions/second-factor.md): off, it explains what an
 * authenticator app is and enrols one (QR code, the secret in groups of four, one code to confirm);
 * on, it removes the factor or renews the recovery codes. The recovery codes are shown once.
 */
export function TotpCard() {
  const q = useQuery({ queryKey: factorKey, queryFn: ({ signal }) => getFactorStatus(signal) });
  const qc = useQueryClient();
  const message = useMessage();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.all });
  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await beginTotp());
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    } finally {
      setStarting(false);
    }
  };
  const on = q.data?.enabled ?? false;
  return (
    <Panel title={t.card} loading={!q.data}>
      <div data-testid="totp-card">
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : on ? (
          <>
            <p>
              <Tag color="success" data-testid="totp-on">
                {t.on}
              </Tag>
              {t.left(q.data?.recoveryLeft ?? 0)}
            </p>
            <p className={styles.help}>{t.onHelp}</p>
            <div className={styles.row}>
              <CodeForm label={t.renewLabel} allowRecovery={false} submitText={t.renew} testId="totp-renew" send={async (c) => { setCodes((await regenerateRecoveryCodes(c)).recoveryCodes); void message.success(t.renewed); await refresh(); }} />
            </div>
            <div className={styles.row}>
              <CodeForm label={t.removeLabel} allowRecovery submitText={t.remove} testId="totp-remove" danger send={async (c) => { await removeTotp(c); void message.success(t.removed); await refresh(); }} />
            </div>
          </>
        ) : enrolment ? (
          <div data-testid="totp-enrol">
            <EnrolmentSteps enrolment={enrolment} />
            <CodeForm label={t.confirmLabel} allowRecovery={false} submitText={t.confirm} testId="totp-confirm" send={async (c) => { setCodes((await confirmTotp(c)).recoveryCodes); setEnrolment(null); void message.success(t.enabled); await refresh(); }} />
          </div>
        ) : (
          <>
            <p>
              <Tag>{t.off}</Tag>
            </p>
            <p className={styles.help}>{t.offHelp}</p>
            <Button type="primary" loading={starting} onClick={() => void start()} data-testid="totp-start">
              {t.start}
            </Button>
          </>
        )}
      </div>
    </Panel>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Popconfirm, Space } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { Opened, usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { accountText } from '@/shared/locales/account';
import { UserType, useSession } from '@/shared/session';
import { cancelVerification } from '../api/cancelVerification';
import { formatTime } from '@/shared/formatTime';
import { AuditDialog, ManualDialog, ReviewRecordDialog } from '../components/lazyDialogs';
import { refusals, useGuardedDialog } from '../components/routedDialog';
import { TrustLevelTag } from '../components/TrustLevelTag';
import { useMessage } from '@/shared/feedback/message';
import { PlainTag } from '@/shared/components/PlainTag';
import { PlainText } from '@/shared/components/PlainTypography';
import { accountKeys, accountQueries } from '../api/queries';

const t = accountText.auth;

/** AuthenticationModesPage shows the trust level and the manual-verification card (02 §2, §4). */
export default function AuthenticationModesPage() {
  const { userType } = useSession();
  usePreloadWhenIdle(ManualDialog, ReviewRecordDialog, AuditDialog);
  const q = useQuery(accountQueries.trust());
  const [records, setRecords] = useState(false);
  const message = useMessage();
  const qc = useQueryClient();
  const state = q.data?.items.find((i) => i.type === 'manual')?.state ?? 0;
  const level = q.data?.level ?? 0;
  // The manual dialog lives in the address (?dialog=manual), so the two manual-authentication
  // routes open it; like the 去认证 button it is offered only in states 0 and 2.
  const manual = useGuardedDialog('manual', q.data !== undefined, state === 99 ? refusals.manualVerifying : state === 1 ? refusals.manualDone : null);
  // The last manual authentication's outcome: the reviewer, time and remark, and a rejection's reason.
  const latest = useQuery(accountQueries.realNameAudit());
  const [auditOf, setAuditOf] = useState<number | null>(null);
  const last = latest.data?.decisions.at(-1);
  const reason = last?.action === 'NOT_PASS' ? last.remark : undefined;
  const a = accountText.audit;
  async function cancel() {
    try {
      await cancelVerification();
      void message.success(t.cancelled);
      await qc.invalidateQueries({ queryKey: accountKeys.all });
    } catch {
      // Shown by the client.
    }
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel loading={q.isLoading}>
        <Space size="large">
          <PlainText strong>{t.level}</PlainText>
          <TrustLevelTag level={level} authState={state} />
          <Button onClick={() => setRecords(true)}>{accountText.actions.reviewRecord}</Button>
        </Space>
      </Panel>
      <Panel title={t.manualTitle} style={{ maxWidth: 420 }}>
        <p>{t.manualDesc}</p>
        {state === 2 && (
          <div data-testid="auth-rejected" style={{ marginBottom: 12 }}>
            <PlainTag color="red">{t.notPassedTag}</PlainTag>
            <span style={{ color: '#cf1322' }}>{t.notPassed}</span>
            {reason && (
              <p style={{ color: '#cf1322', margin: '8px 0 0' }} data-testid="auth-rejected-reason">
                {t.notPassedReason(reason)}
              </p>
            )}
          </div>
        )}
        {last && latest.data && (state === 1 || state === 2) && (
          <Descriptions
            size="small"
            column={1}
            title={t.lastAudit}
            style={{ marginBottom: 12 }}
            data-testid="auth-last-audit"
            extra={
              <Button type="link" size="small" onClick={() => setAuditOf(latest.data?.id ?? null)}>
                {a.title}
              </Button>
            }
          >
            <Descriptions.Item label={a.result}>
              <PlainTag color={last.action === 'PASS' ? 'green' : 'red'}>{a.actions[last.action] ?? last.action}</PlainTag>
            </Descriptions.Item>
            <Descriptions.Item label={a.user}>{last.userName}</Descriptions.Item>
            <Descriptions.Item label={a.time}>{formatTime(last.time)}</Descriptions.Item>
            <Descriptions.Item label={a.remark}>{last.remark || '-'}</Descriptions.Item>
          </Descriptions>
        )}
        {state === 1 ? (
          <Button disabled>{t.done}</Button>
        ) : state === 99 ? (
          <Space>
            <Button disabled>{t.verifying}</Button>
            <Popconfirm title={t.cancelConfirm} onConfirm={() => void cancel()} okText={accountText.actions.confirm} cancelText={accountText.actions.cancel}>
              <Button danger data-testid="cancel-verification">
                {t.cancel}
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Button type="primary" onClick={manual.show} data-testid="go-authenticate">
            {state === 2 ? t.retry : t.go}
          </Button>
        )}
      </Panel>
      <Opened open={manual.open}>
        <ManualDialog open={manual.open} enterprise={userType === UserType.Enterprise} onClose={manual.close} />
      </Opened>
      <Opened open={records}>
        <ReviewRecordDialog open={records} onClose={() => setRecords(false)} />
      </Opened>
      <Opened open={auditOf !== null}>
        <AuditDialog applyId={auditOf} onClose={() => setAuditOf(null)} />
      </Opened>
    </Space>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { Panel } from '@/shared/components/Panel';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { ApiError } from '@/shared/api/http';
import { useMessage } from '@/shared/feedback/message';
import { validated } from '@/shared/hooks/validated';
import { secondFactorText } from '@/shared/locales/secondFactor';
import { accountKeys } from '../api/queries';
import { beginTotp, confirmTotp, getFactorStatus, regenerateRecoveryCodes, removeTotp } from '../api/secondFactor';
import styles from './TotpCard.module.css';

const t = secondFactorText;
const factorKey = [...accountKeys.all, 'totp'] as const;

type Enrolment = Awaited<ReturnType<typeof beginTotp>>;

/** RecoveryCodes shows the codes once, to copy or download as a .txt. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const message = useMessage();
  const text = `${t.fileTitle}\n\n${codes.join('\n')}\n\n${t.fileNote}\n`;
  return (
    <div data-testid="recovery-codes">
      <Alert type="warning" showIcon message={t.codesOnce} style={{ marginBottom: 12 }} />
      <ol className={styles.codes}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={() => void navigator.clipboard.writeText(text).then(() => message.success(t.copied), () => message.error(t.copyFailed))}>{t.copy}</Button>
        <Button
          onClick={() => {
            const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
            const a = document.createElement('a');
            a.href = url;
            a.download = t.fileName;
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          }}
          data-testid="recovery-download"
        >
          {t.download}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-done">
          {t.saved}
        </Button>
      </Space>
    </div>
  );
}

/** CodeForm asks one code (6 digits, or a recovery code where allowed) and runs send with it. */
function CodeForm({ label, allowRecovery, submitText, testId, send, danger }: { label: string; allowRecovery: boolean; submitText: string; testId: string; send: (code: string) => Promise<void>; danger?: boolean }) {
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setBusy(true);
    try {
      await send(v.code);
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        if (e.fields?.code) form.setFields([{ name: 'code', errors: [e.fields.code] }]);
        void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="inline" onFinish={() => void submit()}>
      <Form.Item name="code" label={label} rules={[{ required: true, message: t.codeRequired }]}>
        <SpacelessInput maxLength={allowRecovery ? 11 : 6} inputMode={allowRecovery ? 'text' : 'numeric'} autoComplete="one-time-code" style={{ width: 180 }} aria-label={label} placeholder={allowRecovery ? t.codeOrRecovery : t.sixDigits} data-testid={`${testId}-code`} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}

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
            <ol className={styles.steps}>
              <li>{t.step1}</li>
              <li>
                {t.step2}
                <div className={styles.qrRow}>
                  <img src={enrolment.qrCode} width={180} height={180} alt={t.qrAlt} data-testid="totp-qr" />
                  <div>
                    <div className={styles.help}>{t.manual}</div>
                    <code className={styles.secret} data-testid="totp-secret">
                      {enrolment.secretGroups.join(' ')}
                    </code>
                  </div>
                </div>
              </li>
              <li>{t.step3}</li>
            </ol>
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

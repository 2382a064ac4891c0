import { Alert, Button, Form, Space } from 'antd';
import { useState } from 'react';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { ApiError } from '@/shared/api/http';
import type { TOTPEnrolment } from '@/shared/api/types';
import { useMessage } from '@/shared/feedback/message';
import { validated } from '@/shared/hooks/validated';
import { secondFactorText } from '@/shared/locales/secondFactor';
import styles from './secondFactor.module.css';

// The parts of a TOTP factor's screens that the account centre's 动态口令 card and the console's
// enrolment at sign-in share (docs/decisions/second-factor.md).

const t = secondFactorText;

/**
 * EnrolmentSteps tells how to add the authenticator: install, scan the QR code (or type the secret), type its code;
 * lastStep names the button that follows (the card's 确认开启 by default).
 */
export function EnrolmentSteps({ enrolment, lastStep = t.step3 }: { enrolment: TOTPEnrolment; lastStep?: string }) {
  return (
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
      <li>{lastStep}</li>
    </ol>
  );
}

/** RecoveryCodes shows the codes once, to copy or download as a .txt. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
export function CodeForm({ label, allowRecovery, submitText, testId, send, danger, autoFocus }: { label: string; allowRecovery: boolean; submitText: string; testId: string; send: (code: string) => Promise<void>; danger?: boolean; autoFocus?: boolean }) {
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
        <SpacelessInput maxLength={allowRecovery ? 11 : 6} inputMode={allowRecovery ? 'text' : 'numeric'} autoComplete="one-time-code" autoFocus={autoFocus} style={{ width: 180 }} aria-label={label} placeholder={allowRecovery ? t.codeOrRecovery : t.sixDigits} data-testid={`${testId}-code`} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}


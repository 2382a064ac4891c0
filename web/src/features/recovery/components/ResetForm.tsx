import { Button, Form } from 'antd';
// Password alone: `antd`'s Input brings TextArea, Search and OTP along as its properties (docs/decisions/frontend-load.md, "Front-end load").
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { encryptPasswords } from '@/shared/crypto/encryptPassword';
import { zhCN } from '@/shared/locales/zh-CN';
import type { FoundAccount } from '@/shared/api/types';
import { resetPassword } from '../api/resetPassword';
import { passwordRule } from '@/shared/identity/password';
import styles from './recovery.module.css';
import { useMessage } from '@/shared/feedback/message';
import { confirmationOf } from '@/shared/forms/confirmation';

const t = zhCN.recovery;

interface Values {
  password: string;
  confirmPwd: string;
}

/** ResetForm sets the chosen account's new password under the rule of its type (01 §5 Recovery). */
export function ResetForm({ account, checkCode, onDone, onBack }: { account: FoundAccount; checkCode: string; onDone: () => void; onBack?: () => void }) {
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const enterprise = account.type !== 1;
  const ruleMessage = enterprise ? t.ruleEnterprise : t.rulePerson;

  async function submit(v: Values) {
    setPending(true);
    try {
      const { keyId, values } = await encryptPasswords(v.password, v.confirmPwd);
      await resetPassword({ password: values[0] ?? '', confirmPwd: values[1] ?? '', keyId, accountId: account.accountId, checkCode });
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        if (!e.handled) void message.error(e.msg);
        if (e.fields) {
          form.setFields(
            Object.entries(e.fields)
              .filter(([k]) => k === 'password' || k === 'confirmPwd')
              .map(([k, m]) => ({ name: k as keyof Values, errors: [m] })),
          );
        }
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Form form={form} labelCol={{ flex: '110px' }} onFinish={(v) => void submit(v)} className={styles.form} autoComplete="off">
      <Form.Item label={t.columns.account}>
        <strong>{account.account}</strong>
      </Form.Item>
      <Form.Item
        name="password"
        label={t.newPassword}
        extra={ruleMessage}
        rules={[{ required: true, message: t.newPasswordRequired }, passwordRule(enterprise, ruleMessage)]}
      >
        <Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item name="confirmPwd" label={t.confirmPassword} {...confirmationOf('password', t.confirmRequired, t.confirmMismatch)}>
        <Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <div className={styles.actions}>
          {onBack && <Button onClick={onBack}>{t.previous}</Button>}
          <Button type="primary" htmlType="submit" loading={pending} data-testid="reset-submit">
            {t.submitReset}
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}

import { Button, Form } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { SmsButton } from '@/shared/components/SmsButton';
import { zhCN } from '@/shared/locales/zh-CN';
import { findAccounts, type FindRequest, type FindResult } from '../api/findAccounts';
import styles from './recovery.module.css';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { useMessage } from '@/shared/feedback/message';

const t = zhCN.recovery;
const strip = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.replace(/\s+/g, '');

interface Values {
  to: string;
  verificationCode: string;
  smsCode: string;
}

export interface VerifyFormProps {
  channel: 'sms' | 'email';
  /** 1 or 2 keeps only accounts of that type (the personal / legal-person tabs). */
  type?: FindRequest['type'];
  onFound: (result: FindResult) => void;
  submitText?: string;
}

/**
 * VerifyForm proves a phone (SMS code) or an e-mail address (e-mail code): the number or
 * address, a graphic code that allows one send, the code; the server then lists the
 * accounts on it.
 */
export function VerifyForm({ channel, type, onFound, submitText = t.next }: VerifyFormProps) {
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [smsCodeId, setSmsCodeId] = useState('');
  const [pending, setPending] = useState(false);
  const to = Form.useWatch('to', form) ?? '';
  const email = channel === 'email';

  async function getGraphicCode() {
    try {
      const v = await form.validateFields(['to']);
      const code = (form.getFieldValue('verificationCode') as string | undefined) ?? '';
      if (code === '') {
        form.setFields([{ name: 'verificationCode', errors: [t.graphicCodeRequired] }]);
        return null;
      }
      return v.to ? { codeId: graphic.codeId, verificationCode: code } : null;
    } catch {
      return null;
    }
  }

  async function submit(v: Values) {
    if (!smsCodeId) {
      form.setFields([{ name: 'smsCode', errors: [email ? t.emailCodeRequired : t.smsCodeRequired] }]);
      return;
    }
    setPending(true);
    try {
      const res = await findAccounts({ ...(email ? { email: v.to } : { phone: v.to }), type, smsCode: v.smsCode, smsCodeId });
      onFound(res);
    } catch (e) {
      if (e instanceof ApiError) {
        if (!e.handled) void message.error(e.msg);
        if (e.fields?.smsCode) form.setFields([{ name: 'smsCode', errors: [e.fields.smsCode] }]);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} onFinish={(v) => void submit(v)} className={styles.form} autoComplete="off">
      <Form.Item
        name="to"
        label={email ? t.email : t.phone}
        getValueFromEvent={strip}
        rules={
          email
            ? [
                { required: true, message: t.emailRequired },
                { type: 'email', message: t.emailInvalid },
              ]
            : [
                { required: true, message: t.phoneRequired },
                { pattern: /^1\d{10}$/, message: t.phoneInvalid },
              ]
        }
      >
        <SpacelessInput placeholder={email ? t.emailPlaceholder : t.phonePlaceholder} maxLength={email ? 100 : 11} />
      </Form.Item>
      <Form.Item label={t.graphicCode} required>
        <div className={styles.row}>
          {/* Required until a code was sent: the send uses the graphic code up, and the submit is then
              protected by the code (docs/decisions/captcha-and-codes.md, "An empty graphic code is said at the submit"). */}
          <Form.Item name="verificationCode" noStyle getValueFromEvent={strip} rules={[{ required: !smsCodeId, message: t.graphicCodeRequired }]}>
            <SpacelessInput placeholder={t.graphicCodeRequired} maxLength={4} />
          </Form.Item>
          <GraphicCode {...graphic.picture} />
        </div>
      </Form.Item>
      <Form.Item label={email ? t.emailCode : t.smsCode} required>
        <div className={styles.row}>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[{ required: true, message: email ? t.emailCodeRequired : t.smsCodeRequired }]}
            getValueFromEvent={strip}
          >
            <SpacelessInput placeholder={email ? t.emailCodeRequired : t.smsCodeRequired} maxLength={6} />
          </Form.Item>
          <SmsButton
            to={to}
            scene="recover"
            channel={channel}
            getGraphicCode={getGraphicCode}
            onSent={setSmsCodeId}
            onGraphicCodeUsed={graphic.renew}
            onError={(e) => {
              if (e.fields?.verificationCode) form.setFields([{ name: 'verificationCode', errors: [e.fields.verificationCode] }]);
            }}
          />
        </div>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        {/* Not block: the reset step's buttons that follow are not either (one style per wizard). */}
        <Button type="primary" htmlType="submit" loading={pending} data-testid="verify-submit">
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}

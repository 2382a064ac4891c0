import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, type FormInstance } from 'antd';
// Password alone: `antd`'s Input brings TextArea, Search and OTP along as its properties (issue 19).
import Password from 'antd/es/input/Password';
import { Panel } from '@/shared/components/Panel';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/shared/api/http';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode, type GraphicCodeState } from '@/shared/captcha/useGraphicCode';
import { SmsButton } from '@/shared/components/SmsButton';
import { encryptPasswords } from '@/shared/crypto/encryptPassword';
import { accountText } from '@/shared/locales/account';
import { getUserId } from '@/shared/session/session';
import { changePassword } from '../api/changePassword';
import { changePhone } from '../api/changePhone';
import { maskPhone } from './format';
import { graphicCodeFor } from './graphicCodeFor';
import { DataExportCard } from './DataExportCard';
import { validated } from '@/shared/hooks/validated';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import type { MessageInstance } from 'antd/es/message/interface';
import { useMessage } from '@/shared/feedback/message';
import { confirmationOf } from '@/shared/forms/confirmation';
import { PHONE_RE, stripSpaces } from '@/shared/identity/rules';
import { passwordRule } from '@/shared/identity/password';

const t = accountText.security;
const strip = (e: { target: { value: string } }) => stripSpaces(e.target.value);


function setServerErrors(form: FormInstance, e: ApiError, map: Record<string, string> = {}) {
  const fields = Object.entries(e.fields ?? {});
  if (fields.length > 0) form.setFields(fields.map(([k, v]) => ({ name: map[k] ?? k, errors: [v] })));
}

/** SubmitItem is a card's 提交 button, under the fields. */
function SubmitItem({ busy, onClick, testId }: { busy: boolean; onClick: () => Promise<void>; testId: string }) {
  return (
    <Form.Item wrapperCol={{ offset: 6 }}>
      <Button type="primary" loading={busy} onClick={() => void onClick()} data-testid={testId}>
        {accountText.actions.submit}
      </Button>
    </Form.Item>
  );
}

/** inline is antd's horizontal Space (size small) without its code: an input and its button or picture, 8 px apart. */
const inline = { display: 'inline-flex', alignItems: 'center', gap: 8 } as const;

/** GraphicCodeField is the graphic code row of both cards: an SMS is sent only with it. */
function GraphicCodeField({ graphic, testId }: { graphic: GraphicCodeState; testId: string }) {
  return (
    <Form.Item label={t.graphicCode} required>
      <div style={inline}>
        <Form.Item name="verificationCode" noStyle getValueFromEvent={strip}>
          <SpacelessInput maxLength={4} style={{ width: 140 }} data-testid={testId} />
        </Form.Item>
        <GraphicCode {...graphic.picture} />
      </div>
    </Form.Item>
  );
}

/** SmsCodeField is a required SMS code input (named name in the form) with its send button (children) beside it. */
function SmsCodeField({ label, name, testId, children }: { label: string; name: string; testId: string; children: ReactNode }) {
  return (
    <Form.Item label={label} required>
      <div style={inline}>
        <Form.Item name={name} noStyle getValueFromEvent={strip} rules={[{ required: true, message: t.required(label) }]}>
          <SpacelessInput maxLength={6} style={{ width: 140 }} data-testid={testId} />
        </Form.Item>
        {children}
      </div>
    </Form.Item>
  );
}

/**
 * sendForm validates form, then runs send with its values while the button shows busy. A refusal
 * the HTTP client has not shown goes to the fields it names and into a toast; what was typed stays.
 */
async function sendForm<V extends object>(form: FormInstance<V>, setBusy: (busy: boolean) => void, message: MessageInstance, send: (v: V) => Promise<void>) {
  const v = await validated(form);
  if (!v) return;
  setBusy(true);
  try {
    await send(v);
  } catch (e) {
    if (e instanceof ApiError && !e.handled) {
      setServerErrors(form, e);
      void message.error(e.msg);
    }
  } finally {
    setBusy(false);
  }
}

function PasswordCard({ phone, type }: { phone: string; type: number }) {
  const [form] = Form.useForm<{ oldPwd: string; pwd: string; checkCode: string; verificationCode?: string }>();
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [smsId, setSmsId] = useState('');
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const submit = () =>
    sendForm(form, setBusy, message, async (v) => {
      const { keyId, values } = await encryptPasswords(v.oldPwd, v.pwd);
      await changePassword({ keyId, oldPwd: values[0] ?? '', pwd: values[1] ?? '', checkCode: v.checkCode, checkCodeId: smsId });
      void message.success(t.otherSessions);
      form.resetFields();
    });
  return (
    <Panel title={t.pwdCard}>
      <Form form={form} labelCol={{ span: 6 }} style={{ maxWidth: 560 }}>
        <Form.Item label={t.boundPhone}>{maskPhone(phone)}</Form.Item>
        <Form.Item name="oldPwd" label={t.oldPwd} rules={[{ required: true, message: t.required(t.oldPwd) }]}>
          <Password maxLength={20} data-testid="old-pwd" />
        </Form.Item>
        <Form.Item name="pwd" label={t.newPwd} rules={[{ required: true, message: t.required(t.newPwd) }, passwordRule(type === 2, type === 2 ? t.pwdEnterprise : t.pwdPerson)]}>
          <Password maxLength={20} data-testid="new-pwd" />
        </Form.Item>
        <Form.Item name="confirmPwd" label={t.confirmPwd} {...confirmationOf('pwd', t.required(t.confirmPwd), t.mismatch)}>
          <Password maxLength={20} data-testid="confirm-pwd" />
        </Form.Item>
        <GraphicCodeField graphic={graphic} testId="pwd-graphic" />
        <SmsCodeField label={t.smsCode} name="checkCode" testId="pwd-sms">
          <SmsButton
            to={phone}
            scene="password"
            getGraphicCode={() => graphicCodeFor(form, graphic.codeId)}
            onSent={setSmsId}
            onGraphicCodeUsed={graphic.renew}
          />
        </SmsCodeField>
        <SubmitItem busy={busy} onClick={submit} testId="pwd-submit" />
      </Form>
    </Panel>
  );
}

function PhoneCard({ phone }: { phone: string }) {
  const [form] = Form.useForm<{ checkCode: string; phone: string; smsCode: string; verificationCode?: string }>();
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [oldId, setOldId] = useState('');
  const [newId, setNewId] = useState('');
  const [busy, setBusy] = useState(false);
  const newPhone = (Form.useWatch('phone', form) as string | undefined) ?? '';
  const message = useMessage();
  const qc = useQueryClient();
  const graphicCode = (extra: string[]) => graphicCodeFor(form, graphic.codeId, extra);
  const submit = () =>
    sendForm(form, setBusy, message, async (v) => {
      await changePhone(getUserId() ?? '', { checkCode: v.checkCode, checkCodeId: oldId, phone: v.phone, smsCode: v.smsCode, smsCodeId: newId });
      void message.success(t.changed);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['account'] });
    });
  return (
    <Panel title={t.phoneCard}>
      <Form form={form} labelCol={{ span: 6 }} style={{ maxWidth: 560 }}>
        <Form.Item label={t.boundPhone}>
          <span data-testid="bound-phone">{maskPhone(phone)}</span>
        </Form.Item>
        <GraphicCodeField graphic={graphic} testId="phone-graphic" />
        <SmsCodeField label={t.oldPhoneCode} name="checkCode" testId="old-phone-code">
          <span data-testid="old-sms">
            <SmsButton to={phone} scene="phone" getGraphicCode={() => graphicCode([])} onSent={setOldId} onGraphicCodeUsed={graphic.renew} />
          </span>
        </SmsCodeField>
        <Form.Item name="phone" label={t.newPhone} getValueFromEvent={strip} rules={[{ required: true, message: t.required(t.newPhone) }, { pattern: PHONE_RE, message: t.phoneRule }]}>
          <SpacelessInput maxLength={11} style={{ width: 240 }} data-testid="new-phone" />
        </Form.Item>
        <SmsCodeField label={t.newPhoneCode} name="smsCode" testId="new-phone-code">
          <span data-testid="new-sms">
            <SmsButton to={newPhone} scene="phone" getGraphicCode={() => graphicCode(['phone'])} onSent={setNewId} onGraphicCodeUsed={graphic.renew} />
          </span>
        </SmsCodeField>
        <SubmitItem busy={busy} onClick={submit} testId="phone-submit" />
      </Form>
    </Panel>
  );
}

/**
 * SecurityCards are AccountSecurityPage's cards once its data is in: change password, change
 * phone, 下载我的数据.
 */
export function SecurityCards({ phone, type }: { phone: string; type: number }) {
  return (
    // antd's vertical Space of size middle, without its code: one column of cards 16 px apart.
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <PasswordCard phone={phone} type={type} />
      <PhoneCard phone={phone} />
      <DataExportCard />
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, type FormInstance } from 'antd';
import { PlainTag } from '@/shared/components/PlainTag';
// Password alone: `antd`'s Input brings TextArea, Search and OTP along as its properties (docs/decisions/frontend-load.md, "Front-end load").
import Password from 'antd/es/input/Password';
import { Panel } from '@/shared/components/Panel';
import { Suspense, useState, type ReactNode } from 'react';
import { ApiError } from '@/shared/api/http';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode, type GraphicCodeState } from '@/shared/captcha/useGraphicCode';
import { SmsButton } from '@/shared/components/SmsButton';
import { encryptPasswords } from '@/shared/crypto/encryptPassword';
import { accountText } from '@/shared/locales/account';
import { secondFactorText } from '@/shared/locales/secondFactor';
import { dataExportText } from '@/shared/locales/dataExport';
import { getUserId } from '@/shared/session/session';
import { changePassword } from '../api/changePassword';
import { changePhone } from '../api/changePhone';
import { changeEmail } from '../api/changeEmail';
import { maskEmail, maskPhone } from './format';
import { graphicCodeFor } from './graphicCodeFor';
import { lazyPart } from '@/shared/components/lazyPart';
import { validated } from '@/shared/hooks/validated';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import type { MessageInstance } from 'antd/es/message/interface';
import { useMessage } from '@/shared/feedback/message';
import { confirmationOf } from '@/shared/forms/confirmation';
import { EMAIL_RE, PHONE_RE, stripSpaces } from '@/shared/identity/rules';
import { passwordRule } from '@/shared/identity/password';
import { accountKeys } from '../api/queries';

const t = accountText.security;
/**
 * The second-factor and 下载我的数据 cards are fetched apart from the page (docs/decisions/frontend-load.md,
 * "Front-end load"): the first brings its own status query, its enrolment, QR code and recovery-code
 * parts, the second its confirmation; the three form cards above them show without either. Both are
 * fetched as soon as this module is in, alongside the security query, not when the cards render.
 */
const TotpCard = lazyPart(() => import('./TotpCard'), 'TotpCard');
const DataExportCard = lazyPart(() => import('./DataExportCard'), 'DataExportCard');
for (const part of [TotpCard, DataExportCard]) void part.preload().catch(() => undefined);

/** LaterCard is a lazily fetched card, drawn as its loading panel (with its title) until its code is in. */
function LaterCard({ title, children }: { title: string; children: ReactNode }) {
  return <Suspense fallback={<Panel title={title} loading />}>{children}</Suspense>;
}
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

/**
 * The inputs inside these rows sit in a noStyle item, which the row's label does not point at: each
 * carries its label itself (aria-label), so it has a programmatic name (1.3.1, 4.1.2).
 */
/** inline is antd's horizontal Space (size small) without its code: an input and its button or picture, 8 px apart. */
const inline = { display: 'inline-flex', alignItems: 'center', gap: 8 } as const;

/**
 * GraphicCodeField is the graphic code row of the cards: a code is sent only with it. It is required
 * until every code the card needs was sent (needed): an empty submit before then says so; after them
 * the submit is protected by the codes (docs/decisions/captcha-and-codes.md, "An empty graphic code is
 * said at the submit"). extra says why a second send asks for a new one.
 */
function GraphicCodeField({ graphic, testId, needed, extra }: { graphic: GraphicCodeState; testId: string; needed: boolean; extra?: string }) {
  return (
    <Form.Item label={t.graphicCode} required={needed} extra={extra}>
      <div style={inline}>
        <Form.Item name="verificationCode" noStyle getValueFromEvent={strip} rules={[{ required: needed, message: t.required(t.graphicCode) }]}>
          <SpacelessInput maxLength={4} style={{ width: 140 }} aria-label={t.graphicCode} data-testid={testId} />
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
          <SpacelessInput maxLength={6} style={{ width: 140 }} aria-label={label} data-testid={testId} />
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
      {/* Named forms: the cards share field names (verificationCode, checkCode), and antd makes
          ids from them; the name prefixes each card's ids, so none is on the page twice. */}
      <Form form={form} name="pwdCard" labelCol={{ span: 6 }} style={{ maxWidth: 560 }}>
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
        <GraphicCodeField graphic={graphic} testId="pwd-graphic" needed={!smsId} />
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
      await qc.invalidateQueries({ queryKey: accountKeys.all });
    });
  return (
    <Panel title={t.phoneCard}>
      <Form form={form} name="phoneCard" labelCol={{ span: 6 }} style={{ maxWidth: 560 }}>
        <Form.Item label={t.boundPhone}>
          <span data-testid="bound-phone">{maskPhone(phone)}</span>
        </Form.Item>
        <GraphicCodeField graphic={graphic} testId="phone-graphic" needed={!oldId || !newId} extra={oldId !== '' && !newId ? t.graphicUsed : undefined} />
        <SmsCodeField label={t.oldPhoneCode} name="checkCode" testId="old-phone-code">
          <span data-testid="old-sms">
            <SmsButton to={phone} scene="phone" getGraphicCode={() => graphicCode([])} onSent={setOldId} onGraphicCodeUsed={graphic.renew} />
          </span>
        </SmsCodeField>
        <Form.Item name="phone" label={t.newPhone} getValueFromEvent={strip} rules={[
            { required: true, message: t.required(t.newPhone) },
            { pattern: PHONE_RE, message: t.phoneRule },
            // Said before any send: a send to the bound phone would answer its cooldown instead.
            { validator: (_, v: string | undefined) => (v === phone ? Promise.reject(new Error(t.samePhone)) : Promise.resolve()) },
          ]}>
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
 * EmailCard binds or changes the verified e-mail address: a code to the bound phone (the holder
 * proves the session is theirs) and one to the address (docs/decisions/sign-in.md, "E-mail
 * binding"). An address typed at registration and not confirmed is shown 未验证 and offered here.
 */
function EmailCard({ phone, email, verified }: { phone: string; email: string; verified: boolean }) {
  const [form] = Form.useForm<{ checkCode: string; email: string; emailCode: string; verificationCode?: string }>();
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [phoneId, setPhoneId] = useState('');
  const [mailId, setMailId] = useState('');
  const [busy, setBusy] = useState(false);
  const newEmail = ((Form.useWatch('email', form) as string | undefined) ?? '').toLowerCase();
  const message = useMessage();
  const qc = useQueryClient();
  const graphicCode = (extra: string[]) => graphicCodeFor(form, graphic.codeId, extra);
  const submit = () =>
    sendForm(form, setBusy, message, async (v) => {
      await changeEmail(getUserId() ?? '', { checkCode: v.checkCode, checkCodeId: phoneId, email: v.email, emailCode: v.emailCode, emailCodeId: mailId });
      void message.success(t.emailBound);
      form.resetFields();
      // The initial value was the unverified address; once bound the field is for a new one.
      form.setFieldValue('email', '');
      setPhoneId('');
      setMailId('');
      await qc.invalidateQueries({ queryKey: accountKeys.all });
    });
  const bound = email !== '' && verified;
  return (
    <Panel title={bound ? t.changeEmailCard : t.bindEmailCard}>
      <Form form={form} name="emailCard" labelCol={{ span: 6 }} style={{ maxWidth: 560 }} initialValues={{ email: bound ? '' : email }}>
        <Form.Item label={t.boundEmail} extra={email !== '' && !verified ? t.unverifiedHint : undefined}>
          <span data-testid="bound-email" style={inline}>
            {email === '' ? t.noEmail : maskEmail(email)}
            {email !== '' && (
              <PlainTag color={verified ? 'success' : 'warning'} data-testid="email-state">
                {verified ? t.verified : t.unverified}
              </PlainTag>
            )}
          </span>
        </Form.Item>
        <GraphicCodeField graphic={graphic} testId="email-graphic" needed={!phoneId || !mailId} extra={(phoneId !== '') !== (mailId !== '') ? t.graphicUsed : undefined} />
        <SmsCodeField label={t.phoneCode} name="checkCode" testId="email-phone-code">
          <span data-testid="email-phone-sms">
            <SmsButton to={phone} scene="email" getGraphicCode={() => graphicCode([])} onSent={setPhoneId} onGraphicCodeUsed={graphic.renew} />
          </span>
        </SmsCodeField>
        <Form.Item
          name="email"
          label={bound ? t.newEmailNew : t.newEmail}
          getValueFromEvent={strip}
          rules={[
            { required: true, message: t.required(bound ? t.newEmailNew : t.newEmail) },
            { pattern: EMAIL_RE, message: t.emailRule },
            { validator: (_, v: string | undefined) => (bound && v?.toLowerCase() === email ? Promise.reject(new Error(t.sameEmail)) : Promise.resolve()) },
          ]}
        >
          <SpacelessInput maxLength={100} style={{ width: 240 }} data-testid="new-email" />
        </Form.Item>
        <SmsCodeField label={t.emailCode} name="emailCode" testId="email-code">
          <span data-testid="email-sms">
            <SmsButton to={newEmail} channel="email" scene="email" getGraphicCode={() => graphicCode(['email'])} onSent={setMailId} onGraphicCodeUsed={graphic.renew} />
          </span>
        </SmsCodeField>
        <SubmitItem busy={busy} onClick={submit} testId="email-submit" />
      </Form>
    </Panel>
  );
}

/**
 * SecurityCards are AccountSecurityPage's cards once its data is in: change password, change
 * phone, bind or change the e-mail address, 下载我的数据.
 */
export function SecurityCards({ phone, type, email, emailVerified }: { phone: string; type: number; email: string; emailVerified: boolean }) {
  return (
    // antd's vertical Space of size middle, without its code: one column of cards 16 px apart.
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <PasswordCard phone={phone} type={type} />
      <PhoneCard phone={phone} />
      <EmailCard phone={phone} email={email} verified={emailVerified} />
      <LaterCard title={secondFactorText.card}>
        <TotpCard />
      </LaterCard>
      <LaterCard title={dataExportText.card}>
        <DataExportCard />
      </LaterCard>
    </div>
  );
}

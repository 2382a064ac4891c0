import { Button, Flex, Form } from 'antd';
// The checkbox alone: `antd`'s Checkbox brings Checkbox.Group along as its property (docs/decisions/frontend-load.md, "Front-end load").
import Checkbox from 'antd/es/checkbox/Checkbox';
// Password alone: `antd`'s Input brings TextArea, Search and OTP along as its properties (docs/decisions/frontend-load.md, "Front-end load").
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { SmsButton } from '@/shared/components/SmsButton';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { PHONE_RE, stripSpaces } from '@/shared/identity/rules';
import { zhCN } from '@/shared/locales/zh-CN';
import { checkAccount } from '../api/checkAccount';
import { registerEnterprise } from '../api/registerEnterprise';
import { registerPerson } from '../api/registerPerson';
import type { Registered } from '@/shared/api/types';
import { PasswordStrength } from './PasswordStrength';
import { useKept } from './kept';
import { accountKept, useRegistrationFrame } from './registrationFrame';
import { ACCOUNT_RE, EMAIL_RE } from '@/shared/identity/rules';
import { passwordRule } from '@/shared/identity/password';
import { showServerErrors } from './serverFields';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { useMessage } from '@/shared/feedback/message';
import { lazyPart, Opened } from '@/shared/components/lazyPart';
import { confirmationOf } from '@/shared/forms/confirmation';
import { errorNames, focusFirstError } from '@/shared/forms/focusFirstError';

// The agreement and privacy dialog, with antd's Modal, is fetched when first opened (docs/decisions/frontend-load.md, "Front-end load"):
// most visitors never open it, and its code is fetched ahead when the pointer or the focus
// reaches one of its links.
const DocumentDialog = lazyPart(() => import('./DocumentDialog'), 'DocumentDialog');
const preloadDialog = () => void DocumentDialog.preload().catch(() => undefined);

interface Values {
  account: string;
  phone: string;
  pwd: string;
  confirmPwd: string;
  verificationCode: string;
  smsCode: string;
  isAgree: boolean;
  email?: string;
}

const strip = (e: { target: { value: string } }) => stripSpaces(e.target.value);

/**
 * AccountStep is step 0 of both wizards (01 §2): account, phone, password with the
 * strength meter, confirmation, graphic code, SMS code and the agreement. The agreement
 * is checked first, then the form, then the name's availability, then the registration.
 */
export function AccountStep({ enterprise, onDone }: { enterprise: boolean; onDone: (r: Registered) => void }) {
  const t = zhCN.registration.account;
  const r = zhCN.registration.rules;
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [smsCodeId, setSmsCodeId] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'agreement' | 'privacy' | null>(null);
  // Name, phone and e-mail survive the browser's Back and Forward; passwords and codes do not.
  const kept = useKept<Pick<Values, 'account' | 'phone' | 'email'>>(accountKept(enterprise));
  const frame = useRegistrationFrame();
  const hasKept = Object.keys(kept.kept).length > 0;
  useEffect(() => {
    if (hasKept) frame?.setTyped(true);
  }, [frame, hasKept]);
  const pwd = Form.useWatch('pwd', form) ?? '';
  const phone = Form.useWatch('phone', form) ?? '';

  async function submit() {
    if (!form.getFieldValue('isAgree')) {
      void message.warning(r.agree);
      form.setFields([{ name: 'isAgree', errors: [r.agree] }]);
      void focusFirstError(form, [['isAgree']]);
      return;
    }
    let v: Values;
    try {
      v = await form.validateFields();
    } catch (e) {
      // The first field in error takes the focus (docs/decisions/accessibility.md, "The wizards focus the first field in error").
      void focusFirstError(form, errorNames(e));
      return;
    }
    setBusy(true);
    try {
      await checkAccount(v.account);
      const enc = await encryptPassword(v.pwd);
      const body = {
        account: v.account,
        phone: v.phone,
        password: enc.password,
        keyId: enc.keyId,
        smsCode: v.smsCode,
        smsCodeId,
        isAgree: true,
        // Optional, kept unverified until account security confirms it (docs/decisions/sign-in.md, "E-mail binding").
        ...(v.email ? { email: v.email } : {}),
      };
      const res = enterprise ? await registerEnterprise(body) : await registerPerson(body);
      kept.clear();
      frame?.setTyped(false);
      onDone(res);
    } catch (e) {
      const msg = showServerErrors(form, e, { password: 'pwd' });
      if (msg) void message.error(msg);
      else void focusFirstError(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ isAgree: false, ...kept.kept }}
      onValuesChange={(_, all: Values) => {
        kept.keep({ account: all.account, phone: all.phone, email: all.email });
        frame?.setTyped(Object.entries(all).some(([k, v]) => k !== 'isAgree' && typeof v === 'string' && v !== ''));
      }}
      style={{ maxWidth: 440, margin: '0 auto' }} data-testid="account-step">
      <Form.Item
        name="account"
        label={t.account}
        getValueFromEvent={strip}
        rules={[{ required: true, message: r.account }, { pattern: ACCOUNT_RE, message: r.accountPattern }]}
      >
        <SpacelessInput placeholder={t.accountPh} maxLength={16} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t.phone}
        getValueFromEvent={strip}
        rules={[{ required: true, message: r.phone }, { pattern: PHONE_RE, message: r.phonePattern }]}
      >
        <SpacelessInput placeholder={t.phonePh} maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item
        name="pwd"
        label={t.password}
        rules={[
          { required: true, message: r.password },
          passwordRule(enterprise, enterprise ? r.passwordEnterprise : r.passwordPerson),
        ]}
        // The rule is too long for a placeholder in a 440 px form (it was cut with "…"): it
        // stands under the field, with the strength meter once there is something to rate.
        extra={
          <div data-testid="password-rule">
            {enterprise ? r.passwordEnterprise : r.passwordPerson}
            <PasswordStrength password={pwd} />
          </div>
        }
      >
        <Password maxLength={20} autoComplete="new-password" placeholder={r.password} />
      </Form.Item>
      <Form.Item name="confirmPwd" label={t.confirmPwd} {...confirmationOf('pwd', r.confirmPwd, r.confirmMismatch)}>
        <Password maxLength={20} disabled={pwd === ''} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t.graphicCode} required>
        {/* Centred, not stretched: the 40 px picture made the code's input 40 px beside 32 px fields. */}
        <Flex gap={8} align="center">
          {/* Required until the SMS was sent: the send uses it up and the registration itself is then
              protected by the SMS code (docs/decisions/captcha-and-codes.md, "An empty graphic code is said at the submit"). */}
          <Form.Item name="verificationCode" noStyle getValueFromEvent={strip} rules={[{ required: !smsCodeId, message: r.graphicCode }]}>
            <SpacelessInput maxLength={4} placeholder={r.graphicCode} />
          </Form.Item>
          <GraphicCode {...graphic.picture} />
        </Flex>
      </Form.Item>
      <Form.Item label={t.smsCode} required>
        <Flex gap={8}>
          <Form.Item name="smsCode" noStyle getValueFromEvent={strip} rules={[{ required: true, message: r.smsCode }]}>
            <SpacelessInput maxLength={6} placeholder={r.smsCode} />
          </Form.Item>
          <SmsButton
            to={phone}
            scene="register"
            getGraphicCode={async () => {
              let ok = true;
              try {
                await form.validateFields(['phone']);
              } catch {
                ok = false;
              }
              const code = (form.getFieldValue('verificationCode') as string | undefined) ?? '';
              if (code === '') {
                form.setFields([{ name: 'verificationCode', errors: [r.graphicCode] }]);
                ok = false;
              }
              return ok ? { codeId: graphic.codeId, verificationCode: code } : null;
            }}
            onSent={setSmsCodeId}
            // The picture is spent; a new one is shown for a possible resend only.
            onGraphicCodeUsed={graphic.renew}
            onError={(e) => void showServerErrors(form, e)}
          />
        </Flex>
      </Form.Item>
      <Form.Item
        name="email"
        label={t.email}
        getValueFromEvent={strip}
        extra={t.emailHint}
        rules={[{ pattern: EMAIL_RE, message: t.emailPattern }]}
      >
        <SpacelessInput maxLength={100} placeholder={t.emailPh} autoComplete="email" data-testid="register-email" />
      </Form.Item>
      {/* The rule re-checks on every tick, so the message set by a submit clears once ticked. */}
      <Form.Item name="isAgree" valuePropName="checked" rules={[{ validator: (_: unknown, v: boolean | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(r.agree))) }]}>
        <Checkbox>
          {t.agreePrefix}
          <a onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={(e) => { e.preventDefault(); setDialog('agreement'); }}>{t.agreement}</a>
          {t.and}
          <a onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={(e) => { e.preventDefault(); setDialog('privacy'); }}>{t.privacy}</a>
        </Checkbox>
      </Form.Item>
      {/* One button style through the wizard: centred, default size, as on the later steps. */}
      <Flex justify="center">
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="account-submit">
          {enterprise ? t.submitEnterprise : t.submitPerson}
        </Button>
      </Flex>
      <Opened open={dialog !== null}>
        <DocumentDialog which={dialog} onClose={() => setDialog(null)} />
      </Opened>
    </Form>
  );
}

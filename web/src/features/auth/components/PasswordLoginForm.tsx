import { Suspense, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import type { CaptchaProps } from '@/shared/captcha/protocol';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { toast } from '@/shared/feedback/toast';
import { antdIsland } from '@/shared/light/AntdIsland';
import { PrimaryButton } from '@/shared/light/Button';
import { Field } from '@/shared/light/Field';
import { LockIcon, SafetyIcon, UserIcon } from '@/shared/light/icons';
import { Input, PasswordInput } from '@/shared/light/Input';
import { maxChars, required, useForm } from '@/shared/light/useForm';
import { zhCN } from '@/shared/locales/zh-CN';
import { signIn, type SignInResponse } from '../api/signIn';
import { SecondStepForm } from './SecondStepForm';
import styles from './login.module.css';

const t = zhCN.login;

/** rules are the fields' checks, in the order their messages win (01 §4). */
const rules = {
  userName: [required(t.userName)],
  password: [required(t.password), maxChars(20, t.passwordTooLong)],
  graphicCode: [required(t.graphicCode)],
};
type Name = keyof typeof rules;

/**
 * Slider is the slider pop-up (antd, with its providers), loaded when the form is first touched
 * and shown after the fields pass: the login page itself loads without antd (docs/decisions/frontend-load.md, "Front-end load").
 */
const Slider = antdIsland<CaptchaProps>(() => import('@/shared/captcha/Captcha').then((m) => m.Captcha));

/**
 * PasswordLoginForm is the 账号密码 tab (01 §2, §4, §5): validate, then the slider pop-up,
 * then the sign-in call. On failure the server's message is shown, the graphic code is
 * replaced and what the user typed stays.
 */
export function PasswordLoginForm({ onSignedIn }: { onSignedIn: (res: SignInResponse) => Promise<void> | void }) {
  const form = useForm(rules);
  const graphic = useGraphicCode(() => form.reset('graphicCode'));
  // The slider is mounted from its first opening on, so closing it animates as antd's dialogs do.
  const [captcha, setCaptcha] = useState<'never' | 'open' | 'closed'>('never');
  const [pending, setPending] = useState(false);
  // Set when the password was right but the account asks its second factor (SecondStepForm).
  const [ticket, setTicket] = useState('');
  async function submit(captchaVerification: string) {
    const v = form.latest.current;
    setPending(true);
    try {
      const pw = await encryptPassword(v.password);
      const res = await signIn({ userName: v.userName, password: pw.password, keyId: pw.keyId, codeId: graphic.codeId, graphicCode: v.graphicCode, captcha: captchaVerification });
      if ('secondStep' in res) setTicket(res.secondStep);
      else await onSignedIn(res);
      // Still on this page (an authorize_uri sign-in refused for the real-name state): the
      // graphic code was used up by this sign-in, so the next try needs a new one. (Gone from
      // the page, the form has nothing to renew: renew does nothing there.)
      graphic.renew();
    } catch (e) {
      graphic.renew();
      if (e instanceof ApiError) {
        if (!e.handled) toast.error(e.msg);
        const fields = Object.entries(e.fields ?? {}).filter((f): f is [Name, string] => f[0] in rules);
        if (fields.length > 0) form.setErrors((old) => ({ ...old, ...Object.fromEntries(fields) }));
      } else {
        toast.error(zhCN.http.networkError);
      }
    } finally {
      setPending(false);
    }
  }

  if (ticket) return <SecondStepForm ticket={ticket} onSignedIn={onSignedIn} onRestart={() => setTicket('')} />;
  return (
    <>
      <form
        noValidate
        autoComplete="off"
        data-testid="login-form"
        onFocus={Slider.preload}
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending && form.validate()) setCaptcha('open');
        }}
      >
        <Field error={form.errors.userName}>
          <Input id="userName" {...form.field('userName')} spaceless prefix={<UserIcon />} placeholder={t.userName} autoComplete="username" />
        </Field>
        <Field error={form.errors.password}>
          <PasswordInput id="password" {...form.field('password')} prefix={<LockIcon />} placeholder={t.password} autoComplete="current-password" />
        </Field>
        <Field error={form.errors.graphicCode}>
          <div className={styles.codeRow}>
            <Input id="graphicCode" {...form.field('graphicCode')} spaceless maxLength={4} prefix={<SafetyIcon />} placeholder={t.graphicCode} />
            <GraphicCode {...graphic.picture} height={40} />
          </div>
        </Field>
        <PrimaryButton type="submit" loading={pending} data-testid="login-submit">
          {t.submit}
        </PrimaryButton>
      </form>
      {captcha !== 'never' && (
        <Suspense fallback={null}>
          <Slider
            mode="pop"
            open={captcha === 'open'}
            onClose={() => setCaptcha('closed')}
            onSuccess={({ captchaVerification }) => {
              setCaptcha('closed');
              void submit(captchaVerification);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

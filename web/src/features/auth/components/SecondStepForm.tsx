import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { toast } from '@/shared/feedback/toast';
import { PrimaryButton } from '@/shared/light/Button';
import { Field } from '@/shared/light/Field';
import { SafetyIcon } from '@/shared/light/icons';
import { Input } from '@/shared/light/Input';
import { required, useForm } from '@/shared/light/useForm';
import { zhCN } from '@/shared/locales/zh-CN';
import { completeSecondStep, type SignInResponse } from '../api/signIn';
import styles from './login.module.css';

const t = zhCN.login.secondStep;
const rules = { code: [required(t.code)] };

/**
 * SecondStepForm is the sign-in's second step (docs/decisions/second-factor.md, "The second step"): after the
 * right password an account with a 动态口令 types the code its authenticator app shows, or one of its recovery
 * codes. A wrong code keeps what was typed; an expired ticket sends the person back to the password.
 */
export function SecondStepForm({ ticket, onSignedIn, onRestart }: { ticket: string; onSignedIn: (res: SignInResponse) => Promise<void> | void; onRestart: () => void }) {
  const form = useForm(rules);
  const [pending, setPending] = useState(false);
  const [recovery, setRecovery] = useState(false);
  async function submit() {
    setPending(true);
    try {
      await onSignedIn(await completeSecondStep({ ticket, code: form.latest.current.code }));
    } catch (e) {
      if (e instanceof ApiError) {
        if (!e.handled) toast.error(e.msg);
        if (e.reason === 'mfa.ticket') onRestart();
        else if (e.fields?.code) form.setErrors({ code: e.fields.code });
      } else {
        toast.error(zhCN.http.networkError);
      }
    } finally {
      setPending(false);
    }
  }
  return (
    <form
      noValidate
      autoComplete="off"
      data-testid="second-step-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending && form.validate()) void submit();
      }}
    >
      <p className={styles.secondStepHint}>{recovery ? t.recoveryHint : t.hint}</p>
      <Field error={form.errors.code}>
        <Input
          id="secondStepCode"
          {...form.field('code')}
          spaceless
          maxLength={recovery ? 11 : 6}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          prefix={<SafetyIcon />}
          placeholder={recovery ? t.recoveryPlaceholder : t.placeholder}
          aria-label={t.code}
          autoFocus
        />
      </Field>
      <PrimaryButton type="submit" loading={pending} data-testid="second-step-submit">
        {t.submit}
      </PrimaryButton>
      <div className={styles.secondStepLinks}>
        <button type="button" className={styles.linkButton} data-testid="second-step-toggle" onClick={() => { setRecovery(!recovery); form.reset('code'); }}>
          {recovery ? t.useApp : t.useRecovery}
        </button>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          {t.back}
        </button>
      </div>
    </form>
  );
}

import { type FormInstance } from 'antd';
import { useState } from 'react';
import { showServerErrors } from './serverFields';
import { useMessage } from '@/shared/feedback/message';
import { errorNames, focusFirstError } from '@/shared/forms/focusFirstError';

/**
 * useStepSubmit is the submit of a wizard step: validate the form (an invalid form shows its
 * messages and sends nothing), then send the values while busy; a refusal puts the server's
 * field messages on the fields, or toasts its message when no field took it. Either way the
 * focus goes to the first field in error (focusFirstError), so a keyboard or screen-reader user
 * lands on what to fix.
 */
export function useStepSubmit<V>(form: FormInstance<V>) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  async function submit(send: (values: V) => Promise<void>) {
    let v: V;
    try {
      v = await form.validateFields();
    } catch (e) {
      void focusFirstError(form, errorNames(e));
      return;
    }
    setBusy(true);
    try {
      await send(v);
    } catch (e) {
      const msg = showServerErrors(form, e);
      if (msg) void message.error(msg);
      else void focusFirstError(form);
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

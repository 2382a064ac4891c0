import type { FormInstance } from 'antd';
import { accountText } from '@/shared/locales/account';

const t = accountText.security;

/**
 * graphicCodeFor returns the graphic code for an SMS send after validating the fields the send
 * needs, or null (the form shows why). The graphic code has no form rule: it is needed for a
 * send only, the send uses it up, and the final submit is protected by the SMS codes
 * (docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery").
 */
export async function graphicCodeFor(form: FormInstance, codeId: string, fields: string[] = []) {
  let ok = true;
  if (fields.length > 0) {
    try {
      await form.validateFields(fields);
    } catch {
      ok = false;
    }
  }
  const code = (form.getFieldValue('verificationCode') as string | undefined) ?? '';
  if (code === '') {
    form.setFields([{ name: 'verificationCode', errors: [t.required(t.graphicCode)] }]);
    ok = false;
  }
  return ok ? { codeId, verificationCode: code } : null;
}

import type { FormInstance } from 'antd';
import { ApiError } from '@/shared/api/http';

/**
 * showServerErrors puts the server's per-field messages on the form's fields (dotted
 * names such as enterpriseDto.capital become name paths) and returns the message
 * to toast when no field took it. The form keeps what the user typed.
 */
export function showServerErrors(form: FormInstance, err: unknown, alias: Record<string, string> = {}): string | null {
  if (!(err instanceof ApiError)) return null;
  const fields = err.fields ?? {};
  const known = new Set(
    form
      .getFieldsError()
      .map((f) => f.name.join('.')),
  );
  const set: { name: (string | number)[]; errors: string[] }[] = [];
  for (const [k, msg] of Object.entries(fields)) {
    const key = alias[k] ?? k;
    if (known.has(key)) set.push({ name: key.split('.'), errors: [msg] });
  }
  if (set.length > 0) form.setFields(set);
  if (err.handled) return null;
  return set.length > 0 ? null : err.msg;
}

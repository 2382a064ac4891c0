import type { FormInstance } from 'antd';

/**
 * validated returns the form's values, or null when a rule fails: the form already shows the
 * messages under its fields. antd's validateFields rejects on a failed rule; awaited bare inside a
 * `void submit()` that rejection became an unhandled promise rejection (a page error) on every
 * failed client-side check.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}

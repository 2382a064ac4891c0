import type { FormRule } from 'antd';

/**
 * confirmationOf is what a confirmation field's Form.Item (确认密码) takes, spread into it: it is
 * required (required is the message when empty), and once typed its value must equal field's
 * (mismatch); a change of field checks it again (dependencies).
 */
export function confirmationOf(field: string, required: string, mismatch: string): { dependencies: string[]; rules: FormRule[] } {
  return {
    dependencies: [field],
    rules: [
      { required: true, message: required },
      ({ getFieldValue }) => ({
        validator: (_r, v: string) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(mismatch))),
      }),
    ],
  };
}

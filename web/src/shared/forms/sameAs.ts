import type { FormRule } from 'antd';

/**
 * sameAs is the rule of a confirmation field (确认密码): once typed, its value must equal the
 * field's. The Form.Item lists field in its dependencies, so a change there checks it again.
 */
export function sameAs(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_r, v: string) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}

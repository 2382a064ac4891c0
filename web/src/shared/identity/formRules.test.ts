import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { entCertNumRules, entCertTypeRules, legalCertNumRules } from './formRules';

/** check runs a rule list the way antd does and resolves to the first message, or null. */
async function check(rules: FormRule[], value: string, fields: Record<string, string>): Promise<string | null> {
  for (const rule of rules) {
    const r = typeof rule === 'function' ? rule({ getFieldValue: (n: string) => fields[n] } as never) : rule;
    if (r.required && !value.trim()) return r.message as string;
    if (r.validator) {
      try {
        await (r.validator as (rule: unknown, v: string) => Promise<void>)({}, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

// The wizard's messages (01 §5), which the server answers with too (internal/identity).
describe('enterprise form rules', () => {
  it('refuses 其他有效证件 for 境内企业 only', async () => {
    expect(await check(entCertTypeRules('type'), '2', { type: 'A1' })).toBe('境内企业须使用统一社会信用代码');
    expect(await check(entCertTypeRules('type'), '2', { type: 'A2' })).toBeNull();
    expect(await check(entCertTypeRules('type'), '', { type: 'A1' })).toBe('企业证件类型不能为空');
  });
  it('checks the enterprise number by its type', async () => {
    expect(await check(entCertNumRules('certType'), '', { certType: '1' })).toBe('企业证件号码不能为空');
    expect(await check(entCertNumRules('certType'), '91350100M000100Y44', { certType: '1' })).toBe('请输入正确的18位统一社会信用代码');
    expect(await check(entCertNumRules('certType'), '91350100M000100Y43', { certType: '1' })).toBeNull();
    expect(await check(entCertNumRules('certType'), 'AB!', { certType: '2' })).toBe('请输入正确的证件号码');
  });
  it('checks the legal representative number by its type', async () => {
    expect(await check(legalCertNumRules('legalCertType'), '', { legalCertType: '1' })).toBe('法定代表人证件号码不能为空');
    expect(await check(legalCertNumRules('legalCertType'), '110105194912310021', { legalCertType: '1' })).toBe('请输入正确的18位证件号码');
    expect(await check(legalCertNumRules('legalCertType'), 'E1234567', { legalCertType: '2' })).toBeNull();
  });
});

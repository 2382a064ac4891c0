import { zhCN } from '@/shared/locales/zh-CN';

/**
 * passwordRule mirrors the server's rule (DECISIONS.md): a person's password has 8–20
 * characters with at least 2 of {digit, lower, upper, special}; an enterprise's 13–20
 * with at least 3. Only printable ASCII without spaces.
 */
export function passwordRule(type: number): { test: (pw: string) => boolean; message: string } {
  const enterprise = type !== 1;
  const [min, kinds, message] = enterprise ? [13, 3, zhCN.recovery.ruleEnterprise] : [8, 2, zhCN.recovery.rulePerson];
  return {
    message,
    test: (pw) => {
      if (pw.length < min || pw.length > 20 || !/^[\x21-\x7e]+$/.test(pw)) return false;
      const n = [/\d/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/].filter((re) => re.test(pw)).length;
      return n >= kinds;
    },
  };
}

import { zhCN } from '@/shared/locales/zh-CN';
import { passwordOk } from '@/shared/identity/password';

/** passwordRule is the server's password rule for the account's type (passwordOk) with recovery's message. */
export function passwordRule(type: number): { test: (pw: string) => boolean; message: string } {
  const enterprise = type !== 1;
  return {
    message: enterprise ? zhCN.recovery.ruleEnterprise : zhCN.recovery.rulePerson,
    test: (pw) => passwordOk(pw, enterprise),
  };
}

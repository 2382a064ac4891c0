import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** AccountSecurityPage is the placeholder for /accountCenter/personal/accountSecurity (02 §2); the issue that builds the page replaces this file. */
export default function AccountSecurityPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.accountSecurity} />;
}

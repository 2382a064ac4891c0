import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** AccountCenterPage is the placeholder for /accountCenterPage (02 §2 collapsible sections); the issue that builds the page replaces this file. */
export default function AccountCenterPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.accountCenterPage} />;
}

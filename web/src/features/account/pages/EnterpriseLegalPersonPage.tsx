import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** EnterpriseLegalPersonPage is the placeholder for /accountCenter/enterpriseLegalPerson (02 §2 operator links); the issue that builds the page replaces this file. */
export default function EnterpriseLegalPersonPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.enterpriseLegalPerson} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** BasicEnterpriseLegalPersonPage is the placeholder for /basic/enterpriseLegalPerson (02 §2, no header); the issue that builds the page replaces this file. */
export default function BasicEnterpriseLegalPersonPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.basicEnterpriseLegalPerson} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** RegisterLegalPersonPage is the placeholder for /register/legalPerson (01 §2 单位注册); the issue that builds the page replaces this file. */
export default function RegisterLegalPersonPage() {
  return <UnderConstruction area={zhCN.areas.registration} page={zhCN.pages.registerUnit} />;
}

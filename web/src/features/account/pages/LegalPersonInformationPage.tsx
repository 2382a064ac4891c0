import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** LegalPersonInformationPage is the placeholder for /accountCenter/legalPerson/legalPersonInformation (02 §2); the issue that builds the page replaces this file. */
export default function LegalPersonInformationPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.legalPersonInformation} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** EditLegalPersonInformationPage is the placeholder for /accountCenter/legalPerson/editLegalPersonInformation (02 §2); the issue that builds the page replaces this file. */
export default function EditLegalPersonInformationPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.editLegalPersonInformation} />;
}

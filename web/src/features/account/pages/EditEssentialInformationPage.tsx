import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** EditEssentialInformationPage is the placeholder for /accountCenter/personal/editEssentialInformation (02 §2); the issue that builds the page replaces this file. */
export default function EditEssentialInformationPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.editEssentialInformation} />;
}

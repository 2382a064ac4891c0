import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** EssentialInformationPage is the placeholder for /accountCenter/personal/essentialInformation (02 §2); the issue that builds the page replaces this file. */
export default function EssentialInformationPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.essentialInformation} />;
}

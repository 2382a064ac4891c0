import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** PersonalManualAuthenticationPage is the placeholder for /accountCenter/personal/personalManualAuthentication (02 §2; shown as a dialog of the authentication modes page); the issue that builds the page replaces this file. */
export default function PersonalManualAuthenticationPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.personalManualAuthentication} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** AuthenticationModesPage is the placeholder for /accountCenter/personal/authenticationModes (02 §2); the issue that builds the page replaces this file. */
export default function AuthenticationModesPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.authenticationModes} />;
}

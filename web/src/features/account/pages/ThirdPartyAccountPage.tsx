import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** ThirdPartyAccountPage is the placeholder for /accountCenter/personal/thirdPartyAccount (02 §2; DECISIONS: entries 暂未开放); the issue that builds the page replaces this file. */
export default function ThirdPartyAccountPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.thirdPartyAccount} />;
}

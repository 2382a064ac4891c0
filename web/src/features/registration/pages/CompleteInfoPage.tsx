import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** CompleteInfoPage is the placeholder for /completeInfo?accountId&isPerson (01 §2 完善信息); the issue that builds the page replaces this file. */
export default function CompleteInfoPage() {
  return <UnderConstruction area={zhCN.areas.registration} page={zhCN.pages.completeInfo} />;
}

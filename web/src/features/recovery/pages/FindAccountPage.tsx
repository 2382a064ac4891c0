import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** FindAccountPage is the placeholder for /supply/findAccount (01 §2 the findAccount tab); the issue that builds the page replaces this file. */
export default function FindAccountPage() {
  return <UnderConstruction area={zhCN.areas.recovery} page={zhCN.pages.findAccount} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** MobileOrEmailPage is the placeholder for /supply/findPwd/mobileOrEmail (01 §2, DECISIONS: a real wizard); the issue that builds the page replaces this file. */
export default function MobileOrEmailPage() {
  return <UnderConstruction area={zhCN.areas.recovery} page={zhCN.pages.mobileOrEmail} />;
}

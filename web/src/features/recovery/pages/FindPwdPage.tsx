import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** FindPwdPage is the placeholder for /supply/findPwd (01 §2 找回密码); the issue that builds the page replaces this file. */
export default function FindPwdPage() {
  return <UnderConstruction area={zhCN.areas.recovery} page={zhCN.pages.findPwd} />;
}

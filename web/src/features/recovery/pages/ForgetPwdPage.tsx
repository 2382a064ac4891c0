import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** ForgetPwdPage is the placeholder for /register/forgetPwd (01 §2 忘记密码); the issue that builds the page replaces this file. */
export default function ForgetPwdPage() {
  return <UnderConstruction area={zhCN.areas.recovery} page={zhCN.pages.forgetPwd} />;
}

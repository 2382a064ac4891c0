import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** LoginPage is the placeholder for / (01 §2 登录); the issue that builds the page replaces this file. */
export default function LoginPage() {
  return <UnderConstruction area={zhCN.areas.auth} page={zhCN.pages.login} />;
}

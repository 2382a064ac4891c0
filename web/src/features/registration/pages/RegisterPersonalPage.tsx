import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** RegisterPersonalPage is the placeholder for /register/personal (01 §2 个人注册); the issue that builds the page replaces this file. */
export default function RegisterPersonalPage() {
  return <UnderConstruction area={zhCN.areas.registration} page={zhCN.pages.registerPersonal} />;
}

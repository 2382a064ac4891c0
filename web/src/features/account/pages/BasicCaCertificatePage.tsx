import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** BasicCaCertificatePage is the placeholder for /basic/CAcertificate (02 §2, no header); the issue that builds the page replaces this file. */
export default function BasicCaCertificatePage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.basicCaCertificate} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** CaCertificatePage is the placeholder for /accountCenter/CAcertificate (02 §2); the issue that builds the page replaces this file. */
export default function CaCertificatePage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.caCertificate} />;
}

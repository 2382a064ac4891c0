import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** ModifyRecordPage is the placeholder for /accountCenter/modifyRecord (02 §2); the issue that builds the page replaces this file. */
export default function ModifyRecordPage() {
  return <UnderConstruction area={zhCN.areas.account} page={zhCN.pages.modifyRecord} />;
}

import { UnderConstruction } from '@/shared/components/UnderConstruction';
import { zhCN } from '@/shared/locales/zh-CN';

/** AdminPage is the placeholder for /admin and /admin/* (staff review console, DECISIONS.md Staff API); the issue that builds the page replaces this file. */
export default function AdminPage() {
  return <UnderConstruction area={zhCN.areas.admin} page={zhCN.pages.admin} />;
}

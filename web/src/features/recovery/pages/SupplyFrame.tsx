import { Outlet, useLocation, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { RecoveryTabsShell } from '../components/RecoveryTabsShell';

/** SupplyFrame is the account-recovery frame (01 §2): tabs 找回密码 (findPwd) and 找回账号 (findAccount). */
export default function SupplyFrame() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeKey = pathname.startsWith(paths.findPwd) ? paths.findPwd : pathname;
  return (
    <RecoveryTabsShell
      activeTab={activeKey}
      onTab={(key) => void navigate(key)}
      tabs={[
        { key: paths.findPwd, label: zhCN.pages.findPwd },
        { key: paths.findAccount, label: zhCN.pages.findAccount },
      ]}
    >
      <Outlet />
    </RecoveryTabsShell>
  );
}

import { Card, Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';

/**
 * RegisterFrame is the registration frame (01 §2): the tabs 单位注册 (default) and
 * 个人注册 above the page of the chosen tab. Still to build here: the help panel
 * and clearing the stored session when the tab changes.
 */
export default function RegisterFrame() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Card>
      <Tabs
        activeKey={pathname}
        onChange={(key) => void navigate(key)}
        items={[
          { key: paths.registerLegalPerson, label: zhCN.pages.registerUnit },
          { key: paths.registerPersonal, label: zhCN.pages.registerPersonal },
        ]}
      />
      <Outlet />
    </Card>
  );
}

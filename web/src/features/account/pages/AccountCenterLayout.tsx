import { Card, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { UserType, useSession } from '@/shared/session';

/**
 * AccountCenterLayout is the account-centre shell (02 §2): a left menu and the
 * content area for the /accountCenter/* pages. Still to build: disabled entries,
 * the CA application entry, the 我的企业 / 我的经办人 side button.
 */
export default function AccountCenterLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { userType } = useSession();
  const basic =
    userType === UserType.Enterprise
      ? paths.accountCenter.legalPersonInformation
      : paths.accountCenter.essentialInformation;
  const items: MenuProps['items'] = [
    {
      key: 'info',
      label: zhCN.accountCenterMenu.accountInfo,
      type: 'group',
      children: [
        { key: basic, label: zhCN.pages.essentialInformation },
        { key: paths.accountCenter.modifyRecord, label: zhCN.pages.modifyRecord },
      ],
    },
    { key: paths.accountCenter.accountSecurity, label: zhCN.accountCenterMenu.accountSecurity },
    { key: paths.accountCenter.authenticationModes, label: zhCN.accountCenterMenu.realName },
    { key: paths.accountCenter.thirdPartyAccount, label: zhCN.pages.thirdPartyAccount },
    {
      key: 'ca',
      label: zhCN.accountCenterMenu.certificate,
      type: 'group',
      children: [{ key: paths.accountCenter.caCertificate, label: zhCN.pages.caCertificate }],
    },
    { key: paths.accountCenter.enterpriseLegalPerson, label: zhCN.pages.enterpriseLegalPerson },
  ];
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <Card style={{ width: 220, flex: 'none' }} styles={{ body: { padding: 8 } }}>
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={[pathname]}
          items={items}
          onClick={({ key }) => void navigate(key)}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </div>
  );
}

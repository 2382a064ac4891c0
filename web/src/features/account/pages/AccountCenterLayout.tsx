import { Button, Layout } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { accountText } from '@/shared/locales/account';
import { zhCN } from '@/shared/locales/zh-CN';
import { PlainMenu, type PlainMenuItem } from '@/shared/components/PlainMenu';
import { paths } from '@/shared/paths';
import { UserType, useSession } from '@/shared/session';
import { useApplyCa } from '../hooks/useApplyCa';
import styles from './AccountCenterLayout.module.css';

/**
 * AccountCenterLayout is the account-centre shell (02 §2): a left menu (items can be
 * disabled), the content area, and the side button 我的企业 / 我的经办人 (its pages come
 * with the operator issue). The CA application entry checks the real-name state first.
 */
export default function AccountCenterLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { userType } = useSession();
  const applyCa = useApplyCa();
  const m = accountText.menu;
  const enterprise = userType === UserType.Enterprise;
  const basic = enterprise ? paths.accountCenter.legalPersonInformation : paths.accountCenter.essentialInformation;

  const items: PlainMenuItem[] = [
    {
      key: 'info',
      label: zhCN.accountCenterMenu.accountInfo,
      type: 'group',
      children: [
        { key: basic, label: m.basic },
        { key: paths.accountCenter.modifyRecord, label: m.modifyRecord },
      ],
    },
    { key: paths.accountCenter.accountSecurity, label: zhCN.accountCenterMenu.accountSecurity },
    { key: paths.accountCenter.devices, label: zhCN.pages.devices },
    {
      key: 'realname',
      label: accountText.sections.realName,
      type: 'group',
      children: [{ key: paths.accountCenter.authenticationModes, label: m.trustLevel }],
    },
    { key: paths.accountCenter.thirdPartyAccount, label: zhCN.pages.thirdPartyAccount },
    {
      key: 'ca',
      label: zhCN.accountCenterMenu.certificate,
      type: 'group',
      children: [
        { key: paths.accountCenter.caCertificate, label: m.caBind },
        { key: 'ca-apply', label: m.caApply },
      ],
    },
  ];
  // An ant-design-pro style frame: the menu in a white side bar the height of the page and
  // the content area taking the rest of the width (the route is `wide`), so the record
  // tables fit a 1440 px screen without a sideways scroll.
  return (
    <Layout className={styles.frame} hasSider>
      <Layout.Sider width={220} theme="light" className={styles.sider}>
        {/* antd's Menu without rc-menu (PlainMenu): the menu has groups and items, no sub-menus */}
        <PlainMenu
          style={{ borderInlineEnd: 'none' }}
          selectedKey={pathname}
          items={items}
          onClick={(key) => (key === 'ca-apply' ? void applyCa() : void navigate(key))}
        />
      </Layout.Sider>
      {/* a div, not Layout.Content: the root layout already holds the page's one <main> */}
      <div className={styles.content}>
        <Outlet />
      </div>
      <Button
        type="primary"
        style={{ position: 'fixed', right: 0, top: '40%', writingMode: 'vertical-rl', height: 'auto', padding: '12px 6px', borderRadius: '6px 0 0 6px' }}
        onClick={() => void navigate(paths.accountCenter.enterpriseLegalPerson)}
        data-testid="side-button"
      >
        {enterprise ? m.myOperators : m.myEnterprises}
      </Button>
    </Layout>
  );
}

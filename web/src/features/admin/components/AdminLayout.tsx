import { ApartmentOutlined, ApiOutlined, AuditOutlined, LogoutOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Layout, Space } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { clearAdminToken } from '../api/session';
import { signOut } from '../api/signOut';
import type { StaffMember } from '@/shared/api/types';
import { PlainMenu, type PlainMenuItem } from '@/shared/components/PlainMenu';
import { admissionText } from '@/shared/locales/admission';
import { oidcText } from '../oidcText';
import { adminText as t } from '../strings';
import styles from './admin.module.css';
import { staffName } from './staffName';
import { PlainTag } from '@/shared/components/PlainTag';
import { PlainText, PlainTitle } from '@/shared/components/PlainTypography';
import { adminKeys, adminQueries } from '../api/queries';

/** useStaff is the signed-in staff member (GET /api/admin/me). */
export function useStaff() {
  return useQuery(adminQueries.me());
}

/** allowedPaths lists the console pages of a role. */
function menuFor(me: StaffMember): PlainMenuItem[] {
  if (me.role === 'administrator') {
    return [
      { key: '/admin/staff', icon: <TeamOutlined />, label: t.menu.staff },
      { key: '/admin/actions', icon: <UnorderedListOutlined />, label: t.menu.actions },
      { key: '/admin/organisations', icon: <ApartmentOutlined />, label: admissionText.orgs.menu },
      { key: '/admin/oidc', icon: <ApiOutlined />, label: oidcText.menu },
    ];
  }
  return [{ key: '/admin/reviews', icon: <AuditOutlined />, label: t.menu.reviews }];
}

/** AdminLayout is the console's frame: title, the role's menu, the member and sign-out. */
export function AdminLayout() {
  const me = useStaff();
  const nav = useNavigate();
  const loc = useLocation();
  const qc = useQueryClient();
  if (!me.data) return null;
  const items = menuFor(me.data);
  const current = items.find((i) => loc.pathname.startsWith(i.key))?.key;
  // A page outside the role's menu (the sign-in's default, a bookmark of another role's page)
  // lands on the role's own first page rather than on a 403 card (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
  if (!current) return <Navigate to={items[0].key} replace />;
  const out = async () => {
    try {
      await signOut();
    } finally {
      clearAdminToken();
      qc.removeQueries({ queryKey: adminKeys.all });
      void nav('/admin', { replace: true });
    }
  };
  // An ant-design-pro style frame below the portal header (the route is `wide`): the role's
  // menu in a side bar, the console's bar and the page in the rest of the width, so the
  // queues and the review pages' tables fit a 1440 px screen.
  return (
    <Layout className={styles.shell} hasSider>
      <Layout.Sider width={200} theme="light" className={styles.sider}>
        {/* antd's Menu without rc-menu (PlainMenu): the console's menu has items only */}
        <PlainMenu selectedKey={current} items={items} onClick={(key) => void nav(key)} className={styles.menu} />
      </Layout.Sider>
      <Layout className={styles.main}>
        <Flex className={styles.bar} align="center" justify="space-between">
          <PlainTitle level={4} className={styles.title}>
            {t.consoleTitle}
          </PlainTitle>
          <Space>
            <PlainTag color={me.data.role === 'administrator' ? 'gold' : 'blue'}>{t.role[me.data.role]}</PlainTag>
            <PlainText data-testid="admin-who">{staffName(me.data)}</PlainText>
            <Button icon={<LogoutOutlined />} onClick={() => void out()}>
              {t.menu.signOut}
            </Button>
          </Space>
        </Flex>
        {/* a div, not Layout.Content: the root layout already holds the page's one <main> */}
        <div className={styles.body}>
          <Outlet context={me.data} />
        </div>
      </Layout>
    </Layout>
  );
}

import { Col, Row } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { PlainTabs } from '@/shared/components/PlainTabs';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { clearSession } from '@/shared/session/session';
import { HelpPanel } from '../components/HelpPanel';

/**
 * RegisterFrame is the registration frame (01 §2): the help panel on the left and the
 * tabs 单位注册 (default) and 个人注册 above the chosen wizard. Switching tabs clears
 * the stored token, user name, id, type and registration flag, so a registration of
 * one kind is never continued as the other.
 */
export default function RegisterFrame() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Panel style={{ maxWidth: 1180, margin: '24px auto' }}>
      <Row gutter={24}>
        <Col xs={24} lg={7}>
          <HelpPanel />
        </Col>
        <Col xs={24} lg={17}>
          <PlainTabs
            activeKey={pathname}
            onChange={(key) => {
              clearSession();
              void navigate(key);
            }}
            items={[
              { key: paths.registerLegalPerson, label: zhCN.pages.registerUnit },
              { key: paths.registerPersonal, label: zhCN.pages.registerPersonal },
            ]}
          />
          <Outlet />
        </Col>
      </Row>
    </Panel>
  );
}

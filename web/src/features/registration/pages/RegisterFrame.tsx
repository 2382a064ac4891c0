import { Col, Row } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Panel } from '@/shared/components/Panel';
import { PlainTabs } from '@/shared/components/PlainTabs';
import { lazyPart, Opened } from '@/shared/components/lazyPart';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { clearSession, getRegisterProcess, hasToken } from '@/shared/session/session';
import { HelpPanel } from '../components/HelpPanel';
import { keptKey } from '../components/kept';
import { accountKept, type RegistrationFrame } from '../components/registrationFrame';

// The question, with antd's Modal, is fetched when first asked (docs/decisions/frontend-load.md, "Front-end load").
const SwitchKindDialog = lazyPart(() => import('../components/SwitchKindDialog'), 'SwitchKindDialog');

const tabs = [
  { key: paths.registerLegalPerson, label: zhCN.pages.registerUnit },
  { key: paths.registerPersonal, label: zhCN.pages.registerPersonal },
];

/**
 * RegisterFrame is the registration frame (01 §2): the help panel on the left and the
 * tabs 单位注册 (default) and 个人注册 above the chosen wizard. Switching tabs clears
 * the stored token, user name, id, type and registration flag, so a registration of
 * one kind is never continued as the other. It asks first when that discards something: values
 * typed on the account step or a registration under way. The switch replaces the history entry,
 * so the browser's Back leaves registration instead of landing on the other kind
 * (docs/decisions/usability.md, "Switching the registration kind asks first").
 */
export default function RegisterFrame() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const typed = useRef(false);
  const [asked, setAsked] = useState<string | null>(null);
  const frame = useMemo<RegistrationFrame>(() => ({ setTyped: (v) => (typed.current = v) }), []);

  function go(key: string) {
    sessionStorage.removeItem(keptKey(accountKept(pathname === paths.registerLegalPerson)));
    typed.current = false;
    clearSession();
    void navigate(key, { replace: true });
  }

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
              if (typed.current || (hasToken() && getRegisterProcess())) setAsked(key);
              else go(key);
            }}
            items={tabs}
          />
          <Outlet context={frame} />
          <Opened open={asked !== null}>
            <SwitchKindDialog
              to={tabs.find((t) => t.key === asked)?.label ?? null}
              onOk={() => {
                if (asked) go(asked);
                setAsked(null);
              }}
              onCancel={() => setAsked(null)}
            />
          </Opened>
        </Col>
      </Row>
    </Panel>
  );
}

import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import styles from './recovery.module.css';

export interface RecoveryShellProps {
  /** The card's title; or tabs in the card's head instead (the /supplyFrame tabs). */
  title?: ReactNode;
  tabs?: { key: string; label: ReactNode }[];
  activeTab?: string;
  onTab?: (key: string) => void;
  /** Links shown before 返回登录 (e.g. the other ways to recover). */
  links?: ReactNode;
  children: ReactNode;
}

/**
 * RecoveryShell is the one page shell of the recovery pages (/register/forgetPwd and
 * /supplyFrame with its children): a centred card on the background frame whose head always
 * holds a way back to login.
 */
export function RecoveryShell({ title, tabs, activeTab, onTab, links, children }: RecoveryShellProps) {
  const back = (
    <span>
      {links}
      {links && ' · '}
      <Link to={paths.login} data-testid="back-to-login">
        {zhCN.recovery.backToLogin}
      </Link>
    </span>
  );
  return (
    <Card
      className={styles.shell}
      title={title}
      extra={tabs ? undefined : back}
      tabList={tabs}
      activeTabKey={activeTab}
      onTabChange={onTab}
      // Card's own prop: tabProps.tabBarExtraContent is not drawn (the tabs' 返回登录 was missing).
      tabBarExtraContent={back}
    >
      {children}
    </Card>
  );
}

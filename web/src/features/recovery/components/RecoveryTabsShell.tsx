import { Card } from 'antd';
import type { ReactNode } from 'react';
import { BackToLogin } from './BackToLogin';
import styles from './recovery.module.css';

export interface RecoveryTabsShellProps {
  /** The tabs in the card's head (the /supplyFrame tabs). */
  tabs: { key: string; label: ReactNode }[];
  activeTab?: string;
  onTab?: (key: string) => void;
  children: ReactNode;
}

/**
 * RecoveryTabsShell is the page shell of /supplyFrame and its children: RecoveryShell's centred
 * card with tabs in its head, beside the way back to login.
 */
export function RecoveryTabsShell({ tabs, activeTab, onTab, children }: RecoveryTabsShellProps) {
  return (
    <Card
      className={styles.shell}
      tabList={tabs}
      activeTabKey={activeTab}
      onTabChange={onTab}
      // Card's own prop: tabProps.tabBarExtraContent is not drawn (the tabs' 返回登录 was missing).
      tabBarExtraContent={<BackToLogin />}
    >
      {children}
    </Card>
  );
}

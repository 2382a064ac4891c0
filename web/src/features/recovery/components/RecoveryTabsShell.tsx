import type { ReactNode } from 'react';
import { CardTabs } from '@/shared/components/CardTabs';
import { Panel } from '@/shared/components/Panel';
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
    // CardTabs in Panel's head is Card's tabList without antd's Tabs (docs/decisions/frontend-load.md, "Front-end load"); the way back to login is
    // drawn at the end of the tab bar, as Card's tabBarExtraContent.
    <Panel className={styles.shell} tabBar={<CardTabs items={tabs} activeKey={activeTab} onChange={onTab} extra={<BackToLogin />} size="large" />}>
      {children}
    </Panel>
  );
}

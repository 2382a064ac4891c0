import type { ReactNode } from 'react';
import { Panel } from '@/shared/components/Panel';
import { BackToLogin } from './BackToLogin';
import styles from './recovery.module.css';

export interface RecoveryShellProps {
  /** The card's title. */
  title?: ReactNode;
  /** Links shown before 返回登录 (e.g. the other ways to recover). */
  links?: ReactNode;
  children: ReactNode;
}

/**
 * RecoveryShell is the page shell of /register/forgetPwd: a centred card on the background
 * frame whose head always holds a way back to login. /supplyFrame, whose head holds tabs, has
 * RecoveryTabsShell: the same card with antd's tabs, which this one does not load (docs/decisions/frontend-load.md, "Front-end load").
 */
export function RecoveryShell({ title, links, children }: RecoveryShellProps) {
  return (
    <Panel className={styles.shell} title={title} extra={<BackToLogin links={links} />}>
      {children}
    </Panel>
  );
}

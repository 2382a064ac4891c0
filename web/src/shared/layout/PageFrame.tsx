import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** PageFrame is the content area of an ordinary page: centred, at most 1200 px wide. */
export function PageFrame({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

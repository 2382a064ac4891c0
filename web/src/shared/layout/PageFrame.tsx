import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** PageFrame is the content area of an ordinary page: centred, at most 1200 px wide. */
export function PageFrame({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/**
 * WideFrame is the content area of a page with its own side menu (the account centre and the
 * staff console, `wide: true` in routes.tsx): the whole width below the header, so tables get
 * the room a 1440 px screen has instead of a centred column.
 */
export function WideFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.wide} data-testid="wide-frame">
      {children}
    </div>
  );
}

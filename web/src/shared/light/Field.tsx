import type { ReactNode } from 'react';
import styles from './light.module.css';

/** Field is antd's Form.Item without antd (issue 19): the control, and its message under it in red. */
export function Field({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={[styles.item, error ? styles.hasError : ''].join(' ')}>
      {children}
      {error && (
        <div className={styles.explain} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

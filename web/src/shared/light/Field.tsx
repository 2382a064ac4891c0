import { createContext, useId, type ReactNode } from 'react';
import styles from './light.module.css';

/**
 * FieldHelp is the id of the message a Field shows, while it shows one: the light Input inside
 * names it in aria-describedby, so the message is read with the field (3.3.1, as antd's
 * Form.Item does with `${id}_help`).
 */
export const FieldHelp = createContext<string | undefined>(undefined);

/** Field is antd's Form.Item without antd (docs/decisions/frontend-load.md, "Front-end load"): the control, and its message under it in red. */
export function Field({ error, children }: { error?: string; children: ReactNode }) {
  const helpId = useId();
  return (
    <div className={[styles.item, error ? styles.hasError : ''].join(' ')}>
      <FieldHelp value={error ? helpId : undefined}>{children}</FieldHelp>
      {error && (
        <div id={helpId} className={styles.explain} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

import styles from './light.module.css';

/** Spinner is a busy mark without antd (docs/decisions/frontend-load.md, "Front-end load"): the login page and the loading fallback of every page. */
export function Spinner({ size }: { size?: 'small' | 'large' }) {
  return <span className={[styles.spinner, size ? styles[size] : ''].join(' ')} role="presentation" />;
}

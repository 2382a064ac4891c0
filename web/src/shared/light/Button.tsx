import type { ButtonHTMLAttributes } from 'react';
import styles from './light.module.css';
import { Spinner } from './Spinner';

/** twoCJK is antd's rule: a label of exactly two Chinese characters is spaced (登录 → 登 录). */
const twoCJK = /^[\u4e00-\u9fa5]{2}$/;

/**
 * PrimaryButton is antd's primary button, size large and full width, or middle and as wide as its
 * label (docs/decisions/frontend-load.md, "Front-end load": the login page, and the error page every route may show, load without antd). While loading it shows a spinner and ignores clicks, as antd's does.
 */
export function PrimaryButton({
  loading,
  size = 'large',
  children,
  onClick,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; size?: 'large' | 'middle' }) {
  const label = typeof children === 'string' && twoCJK.test(children) ? `${children[0]} ${children[1]}` : children;
  return (
    <button
      {...rest}
      className={size === 'large' ? styles.button : `${styles.button} ${styles.middle}`}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (loading) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      {loading && <Spinner />}
      <span>{label}</span>
    </button>
  );
}

import { Spinner } from '../light/Spinner';
import styles from '../light/light.module.css';
import { zhCN } from '../locales/zh-CN';

/**
 * PageLoading fills the page while its code or data loads (shown after 200 ms, so fast loads do
 * not flash). It is the fallback of every route, the login route's included, so it draws
 * without antd (docs/decisions/frontend-load.md, "Front-end load").
 */
export function PageLoading() {
  return (
    <div className={`${styles.loading} ${styles.delayed}`} aria-busy="true">
      <Spinner size="large" />
      <span>{zhCN.common.loading}</span>
    </div>
  );
}

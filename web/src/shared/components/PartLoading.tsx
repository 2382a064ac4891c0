import { Spinner } from '../light/Spinner';
import styles from '../light/light.module.css';

/**
 * PartLoading stands where a LazyPart will be while its code arrives (shown after 200 ms, as
 * PageLoading is, so a part preloaded when idle does not flash it): the same busy mark as a page's
 * loading fallback, without antd's Spin, which every page that may show a lazy part carried in its
 * first load for this moment (docs/decisions/frontend-load.md, "Front-end load"). A file of its own, so that lazyPart.tsx brings nothing to
 * pages that never show it.
 */
export function PartLoading() {
  return (
    <div className={styles.delayed} style={{ display: 'flex', justifyContent: 'center', padding: '32px 0' }} aria-busy="true">
      <Spinner />
    </div>
  );
}

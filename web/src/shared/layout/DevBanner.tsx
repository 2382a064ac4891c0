import { zhCN } from '../locales/zh-CN';
import { paths } from '../paths';
import styles from './layout.module.css';

/** DevBanner is the slim strip every page shows when the server runs with --dev. */
export function DevBanner() {
  return (
    <div className={styles.devBanner} role="note" data-testid="dev-banner">
      <span className={styles.devBadge}>{zhCN.devBanner.label}</span>
      <span>{zhCN.devBanner.note}</span>
      <a href={`#${paths.devOutbox}`}>{zhCN.devBanner.outboxLink}</a>
      <a href={`#${paths.devApi}`}>{zhCN.devBanner.apiLink}</a>
    </div>
  );
}

import { SiteLogo } from '../components/SiteLogo';
import { useRuntimeConfig } from '../config';
import { zhCN } from '../locales/zh-CN';
import { useSession } from '../session';
import { ElderModeSwitch } from './ElderModeSwitch';
import styles from './layout.module.css';

export interface AppHeaderProps {
  /** Called by the 退出登录 link; the app passes the auth feature's logout. */
  onLogout: () => void;
  /** True while the logout request runs. */
  loggingOut?: boolean;
}

/**
 * AppHeader is the bar with the site title and, when signed in, the user name and
 * 退出登录. Which routes show it is declared in src/app/routes.tsx (`header: false`).
 */
export function AppHeader({ onLogout, loggingOut = false }: AppHeaderProps) {
  const { siteTitle } = useRuntimeConfig();
  const { token, userName } = useSession();
  return (
    <header className={styles.header} data-testid="app-header">
      <SiteLogo className={styles.headerLogo} />
      <h1 className={styles.headerTitle}>{siteTitle}</h1>
      <div className={styles.headerUser}>
        <ElderModeSwitch />
        {token !== null && (
          <>
            {userName && <span>{userName}</span>}
            <button type="button" onClick={onLogout} disabled={loggingOut}>
              {zhCN.header.logout}
            </button>
          </>
        )}
      </div>
    </header>
  );
}

import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/hooks/useLogout';
import { useRuntimeConfig } from '@/shared/config';
import { AppHeader } from '@/shared/layout/AppHeader';
import { BackgroundFrame } from '@/shared/layout/BackgroundFrame';
import { DevBanner } from '@/shared/layout/DevBanner';
import styles from '@/shared/layout/layout.module.css';
import { PageFrame, WideFrame } from '@/shared/layout/PageFrame';
import { usePageChrome } from './routeMeta';

/**
 * RootLayout draws what surrounds every page: the dev banner (when the server runs
 * with --dev), the header (unless the route says `header: false`) and the page
 * frame (plain, the background image frame for `background: true`, or the full width for
 * `wide: true`).
 */
export function RootLayout() {
  const config = useRuntimeConfig();
  const chrome = usePageChrome();
  const { logout, pending } = useLogout();

  useEffect(() => {
    document.title = chrome.title ? `${chrome.title} - ${config.siteTitle}` : config.siteTitle;
  }, [chrome.title, config.siteTitle]);

  return (
    <div className={styles.app}>
      {config.dev && <DevBanner />}
      {chrome.header && <AppHeader onLogout={logout} loggingOut={pending} />}
      <main className={styles.main}>
        {chrome.background ? (
          <BackgroundFrame>
            <Outlet />
          </BackgroundFrame>
        ) : chrome.wide ? (
          <WideFrame>
            <Outlet />
          </WideFrame>
        ) : (
          <PageFrame>
            <Outlet />
          </PageFrame>
        )}
      </main>
    </div>
  );
}

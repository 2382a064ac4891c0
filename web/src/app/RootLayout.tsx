import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '@/features/auth/hooks/useLogout';
import { PageLoading } from '@/shared/components/PageLoading';
import { useRuntimeConfig } from '@/shared/config';
import { useToastWanted } from '@/shared/feedback/useToastWanted';
import { AppHeader } from '@/shared/layout/AppHeader';
import { BackgroundFrame } from '@/shared/layout/BackgroundFrame';
import { DevBanner } from '@/shared/layout/DevBanner';
import styles from '@/shared/layout/layout.module.css';
import { PageFrame, WideFrame } from '@/shared/layout/PageFrame';
import { usePageChrome } from './routeMeta';

// antd's providers, and antd's core with them, load with the first page that uses antd.
const AntdProviders = lazy(() => import('@/shared/antd/AntdProviders'));

/**
 * RootLayout draws what surrounds every page: the dev banner (when the server runs
 * with --dev), the header (unless the route says `header: false`) and the page
 * frame (plain, the background image frame for `background: true`, or the full width for
 * `wide: true`).
 *
 * Every page but a `light` one (the login page, issue 19) renders inside antd's providers. Once
 * a page that uses antd has shown, the providers stay for the rest of the visit: a toast raised
 * there (退出成功 on signing out) survives the way to the login page. Before that, the light
 * page's toasts get a small antd island of their own when the first one is raised.
 */
export function RootLayout() {
  const config = useRuntimeConfig();
  const chrome = usePageChrome();
  const { logout, pending } = useLogout();
  const [antd, setAntd] = useState(!chrome.light);
  if (!chrome.light && !antd) setAntd(true);
  const toastWanted = useToastWanted();

  useEffect(() => {
    document.title = chrome.title ? `${chrome.title} - ${config.siteTitle}` : config.siteTitle;
  }, [chrome.title, config.siteTitle]);

  let frame: ReactNode = (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
  if (chrome.background) frame = <BackgroundFrame><Outlet /></BackgroundFrame>;
  else if (chrome.wide) frame = <WideFrame><Outlet /></WideFrame>;

  const page = (
    <div className={styles.app}>
      {config.dev && <DevBanner />}
      {chrome.header && <AppHeader onLogout={logout} loggingOut={pending} />}
      <main className={styles.main}>{frame}</main>
    </div>
  );

  if (antd) {
    return (
      <Suspense fallback={<PageLoading />}>
        <AntdProviders>{page}</AntdProviders>
      </Suspense>
    );
  }
  return (
    <>
      {page}
      {toastWanted && (
        <Suspense fallback={null}>
          <AntdProviders />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location, type RouteObject } from 'react-router';
import { RouteError, RouteErrorBoundary } from '@/features/errors/components/RouteErrorBoundary';
import { useLogout } from '@/features/auth/hooks/useLogout';
import { PageLoading } from '@/shared/components/PageLoading';
import { useRuntimeConfig } from '@/shared/config';
import { toast } from '@/shared/feedback/toast';
import { useToastWanted } from '@/shared/feedback/useToastWanted';
import { AppHeader } from '@/shared/layout/AppHeader';
import { BackgroundFrame } from '@/shared/layout/BackgroundFrame';
import { DevBanner } from '@/shared/layout/DevBanner';
import { ElderModeSwitch } from '@/shared/layout/ElderModeSwitch';
import { zhCN } from '@/shared/locales/zh-CN';
import styles from '@/shared/layout/layout.module.css';
import { PageFrame, WideFrame } from '@/shared/layout/PageFrame';
import { guard, type GuardRedirect } from './guards';
import { matchedRoutes, pageChrome, type MatchedRoute } from './routeMeta';

// antd's providers, and antd's core with them, load with the first page that uses antd.
const AntdProviders = lazy(() => import('@/shared/antd/AntdProviders'));

/**
 * useGuard runs the guards (guards.ts) once per location: when the location object changes (a
 * move, a hash change within the document included), not on every render, so clearing the
 * session while a page stays (signing out, which then goes to login itself) does not read as a
 * move without a token. move counts the locations: the redirect is keyed by it, so a move to the
 * same redirect as the one before mounts a new <Navigate> that runs again (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
 */
function useGuard(location: Location, matched: MatchedRoute[]): { redirect: GuardRedirect | null; move: number } {
  const [checked, setChecked] = useState(() => ({ location, redirect: guard(matched), move: 0 }));
  if (checked.location === location) return checked;
  const next = { location, redirect: guard(matched), move: checked.move + 1 };
  setChecked(next);
  return next;
}

const MAIN_ID = 'main-content';

/**
 * SkipLink is the first thing Tab reaches (2.4.1): it moves the focus to the page's main content,
 * past the banner and the header. The routes are hash routes, so it focuses the element itself
 * rather than following href="#main-content", which the router would read as a route.
 */
function SkipLink() {
  return (
    <a
      className={styles.skipLink}
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {zhCN.header.skipToMain}
    </a>
  );
}

/** GuardNavigate raises a guard's warning (token已失效) and replaces the location with the guard's target. */
function GuardNavigate({ to, warning }: GuardRedirect) {
  useEffect(() => {
    if (warning) toast.warning(warning, 'bidpass-guard');
  }, [warning]);
  return <Navigate to={to} replace />;
}

/**
 * RootLayout draws what surrounds every page: the dev banner (when the server runs
 * with --dev), the header (unless the route says `header: false`) and the page
 * frame (plain, the background image frame for `background: true`, or the full width for
 * `wide: true`).
 *
 * Every page but a `light` one (the login page, docs/decisions/frontend-load.md, "Front-end load") renders inside antd's providers. Once
 * a page that uses antd has shown, the providers stay for the rest of the visit: a toast raised
 * there (退出成功 on signing out) survives the way to the login page. Before that, the light
 * page's toasts get a small antd island of their own when the first one is raised.
 *
 * routes are the route table's routes: the layout matches them against the location for the
 * chrome and the guards. A move a guard refuses draws nothing but the redirect: no header, no
 * page, so the page's code does not load and the header asks the server for nothing.
 */
export function RootLayout({ routes }: { routes: RouteObject[] }) {
  const config = useRuntimeConfig();
  const location = useLocation();
  const matched = useMemo(() => matchedRoutes(routes, location.pathname), [routes, location.pathname]);
  const chrome = pageChrome(matched);
  const { redirect, move } = useGuard(location, matched);
  const { logout, pending } = useLogout();
  // A refused move to a page with antd does not bring antd: the login page it goes to draws without.
  const wantsAntd = !chrome.light && !redirect;
  const [antd, setAntd] = useState(wantsAntd);
  if (wantsAntd && !antd) setAntd(true);
  const toastWanted = useToastWanted();

  useEffect(() => {
    if (redirect) return;
    document.title = chrome.title ? `${chrome.title} - ${config.siteTitle}` : config.siteTitle;
  }, [redirect, chrome.title, config.siteTitle]);

  // A page that throws shows the error below the header; the next move (another pathname) recovers.
  const outlet = (
    <RouteErrorBoundary resetKey={location.pathname} fallback={<RouteError />}>
      <Outlet />
    </RouteErrorBoundary>
  );
  let frame: ReactNode = <PageFrame>{outlet}</PageFrame>;
  if (chrome.background) frame = <BackgroundFrame>{outlet}</BackgroundFrame>;
  else if (chrome.wide) frame = <WideFrame>{outlet}</WideFrame>;

  const page = redirect ? (
    <GuardNavigate key={move} to={redirect.to} warning={redirect.warning} />
  ) : (
    <div className={styles.app}>
      <SkipLink />
      {config.dev && <DevBanner />}
      {chrome.header ? (
        <AppHeader onLogout={logout} loggingOut={pending} />
      ) : (
        // Pages without the header still offer 长辈模式, in a bar of its own (a banner landmark), with
        // the site's name as the page's one level-one heading; the login page's card has its own.
        <header className={styles.toolbar}>
          {!chrome.light && <h1 className={styles.toolbarTitle}>{config.siteTitle}</h1>}
          <ElderModeSwitch tone="light" />
        </header>
      )}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {frame}
      </main>
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

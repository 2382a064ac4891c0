// start runs the app: main.tsx imports it once the prerendered login page has been painted.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, useNavigate } from 'react-router';
import { createQueryClient } from '@/shared/api/queryClient';
import { startGraphicCode } from '@/shared/captcha/earlyGraphicCode';
import { readConfig } from '@/shared/config';
import { applyElderMode } from '@/shared/layout/elderMode';
import { bindNavigate } from '@/shared/navigation';
import { paths } from '@/shared/paths';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

const config = readConfig();
document.title = config.siteTitle;
// 长辈模式, as this browser chose it (public/boot.js has applied it already off the login page).
applyElderMode();

const login = /^(#\/?)?(\?.*)?$/.test(window.location.hash);
// The login page (#/, with or without a query) shows a graphic code: the one public/boot.js
// took from the page or asked for, handed to the first GraphicCode that mounts (docs/decisions/frontend-load.md, "Front-end load").
if (login) startGraphicCode();

/**
 * afterSignInPage preloads, once the login page has loaded and the browser is idle, the chunks
 * of the account centre, where a sign-in lands: without them the page that follows the sign-in
 * waits for its chunks, then for its data (docs/decisions/frontend-load.md, "Front-end load"). The boot script (public/boot.js) knows
 * each route's chunks; in `npm run dev` it has none.
 */
function afterSignInPage(): void {
  const preload = (window as { __bidpassPreloadRoute?: (path: string) => void }).__bidpassPreloadRoute;
  if (!preload) return;
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(() => preload(paths.accountCenterPage), { timeout: 2000 }) : setTimeout(() => preload(paths.accountCenterPage), 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
if (login) afterSignInPage();

/**
 * BindNavigate lets the HTTP client navigate through the router (no full reload). The router's
 * navigate is only reachable inside it in declarative mode; it changes with the location, and
 * is bound again each time.
 */
function BindNavigate() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders config={config} queryClient={createQueryClient()}>
      <HashRouter>
        <BindNavigate />
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  </StrictMode>,
);

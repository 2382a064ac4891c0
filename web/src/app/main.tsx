import { startGraphicCode } from '@/shared/captcha/earlyGraphicCode';
import '@/shared/layout/global.css';
import { paths } from '@/shared/paths';

const login = /^(#\/?)?(\?.*)?$/.test(window.location.hash);
// The login page (#/, with or without a query) shows a graphic code: ask for it now, while
// the page's chunks load, not after React has rendered the form (issue 19).
if (login) startGraphicCode();

/** frame resolves after the browser has had a frame to paint (at once in a background tab, which gets none). */
function frame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * pictureShown resolves once the graphic code's picture that public/boot.js put into the
 * prerendered copy is decoded (boot.js inserts it in its own handler of the same promise,
 * which runs before this one), or when there is none.
 */
function pictureShown(): Promise<void> {
  const code = (window as { __bidpassGraphicCode?: Promise<unknown> }).__bidpassGraphicCode;
  if (!code) return Promise.resolve();
  return code.then(
    () => document.querySelector<HTMLImageElement>('#prerendered [data-testid="graphic-code"] img')?.decode(),
    () => undefined,
  ).then(
    () => undefined,
    () => undefined,
  );
}

/** The longest the app waits for the picture (a slow answer must not hold the page back). */
const pictureWait = 600;

/**
 * painted resolves once the prerendered login page (public/boot.js marks the document when it
 * shows it) has been painted with its graphic code, and at once on other routes. Evaluating
 * the app's modules and its first render take the main thread for a few hundred milliseconds:
 * on a busy CPU they came before the copy's first paint, and then before the picture's paint,
 * which is the page's largest element, so LCP waited for the app (issue 19). The copy takes
 * typing meanwhile and the app carries it over; the picture's wait is capped.
 */
async function painted(): Promise<void> {
  if (!document.documentElement.hasAttribute('data-prerendered')) return;
  await frame();
  await Promise.race([pictureShown().then(frame), new Promise((resolve) => setTimeout(resolve, pictureWait))]);
}

/**
 * afterSignInPage preloads, once the login page has loaded and the browser is idle, the chunks
 * of the account centre, where a sign-in lands: without them the page that follows the sign-in
 * waits for its chunks, then for its data (issue 19). The boot script (public/boot.js) knows
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

void painted()
  .then(() => import('./start'))
  .then(() => {
    if (login) afterSignInPage();
  });

import { startGraphicCode } from '@/shared/captcha/earlyGraphicCode';
import '@/shared/layout/global.css';

// The login page (#/, with or without a query) shows a graphic code: ask for it now, while
// the page's chunks load, not after React has rendered the form (issue 19).
if (/^(#\/?)?(\?.*)?$/.test(window.location.hash)) startGraphicCode();

/**
 * painted resolves once the browser has had a frame to paint the prerendered login page
 * (public/boot.js marks the document when it shows it), and at once on other routes.
 * Evaluating the app's modules and its first render take the main thread for a while; on a
 * busy CPU they came before the first paint of the copy and put the page back behind them.
 */
function painted(): Promise<void> {
  if (!document.documentElement.hasAttribute('data-prerendered')) return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A tab opened in the background gets no animation frames.
    setTimeout(resolve, 100);
  });
}

void painted().then(() => import('./start'));

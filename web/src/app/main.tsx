// The entry imports no module statically, only the stylesheet (which the build writes into the
// page): the browser runs the deferred module scripts, and only then fires DOMContentLoaded and
// paints its first frame, so every module the entry imported, fetched level by level (the login
// page preloads none, vite.config.ts), came before the prerendered login page's first paint:
// 200 ms of it on a slow 2-core machine (docs/decisions/frontend-load.md, "Front-end load"). The graphic code and the preloads after the
// sign-in are started by start.tsx.
import '@/shared/layout/global.css';

/** frame resolves after the browser has had a frame to paint (at once in a background tab, which gets none). */
function frame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * pictureShown resolves once the graphic code's picture in the prerendered copy is decoded (the
 * server's, or the one public/boot.js asked for and put in before handing the code on), or when
 * there is none.
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
 * which is the page's largest element, so LCP waited for the app (docs/decisions/frontend-load.md, "Front-end load"). The copy takes
 * typing meanwhile and the app carries it over; the picture's wait is capped.
 */
async function painted(): Promise<void> {
  if (!document.documentElement.hasAttribute('data-prerendered')) return;
  await frame();
  await Promise.race([pictureShown().then(frame), new Promise((resolve) => setTimeout(resolve, pictureWait))]);
}

void painted().then(() => import('./start'));

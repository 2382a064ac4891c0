import { getGraphicCode, type GraphicCodeImage } from './api/getGraphicCode';

let early: Promise<GraphicCodeImage> | null = null;

/**
 * startGraphicCode asks for a graphic code as soon as the page script starts, before React
 * renders (src/app/start.tsx calls it for the login route): the picture is then no longer the
 * last step of a waterfall of chunk loads and renders (docs/decisions/frontend-load.md, "Front-end load").
 */
export function startGraphicCode(): void {
  // public/boot.js may have asked already, before any module loaded.
  early ??= (window as { __bidpassGraphicCode?: Promise<GraphicCodeImage> }).__bidpassGraphicCode ?? getGraphicCode();
  // A failure is dealt with by the component that takes it (it asks again).
  early.catch(() => {});
}

/**
 * takeGraphicCode is the code startGraphicCode asked for, for the first GraphicCode that
 * mounts, or a new request. The early code is handed out once it has arrived, so a mount
 * that is abandoned (React's StrictMode mounts twice) does not spend it.
 */
export function takeGraphicCode(signal: AbortSignal): Promise<GraphicCodeImage> {
  const p = early;
  if (!p) return getGraphicCode(signal);
  return p.then(
    (c) => {
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (early === p) early = null;
      return c;
    },
    () => {
      if (early === p) early = null;
      return getGraphicCode(signal);
    },
  );
}

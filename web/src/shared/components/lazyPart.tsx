import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * A LazyPart is a component whose code is fetched the first time it renders (React.lazy), so a
 * route's first load does not carry a dialog, a later wizard step or a heavy widget the user may
 * never open (docs/decisions/frontend-load.md, "Front-end load"). preload() fetches it ahead, on hover or focus of what opens it, or when
 * the browser is idle, so the click does not wait for the network; calling it again is free.
 */
export type LazyPart<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * fetchOnce returns what calls load the first time and hands out the same promise after, except
 * after a failure: a fetch that failed (offline for a moment) is tried again on the next call.
 */
export function fetchOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}

/** lazyPart makes a LazyPart of the named export of a module (`lazyPart(() => import('./X'), 'X')`). */
export function lazyPart<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPart<M[K] extends ComponentType<infer P> ? P : never> {
  const once = fetchOnce(load);
  type P = M[K] extends ComponentType<infer Q> ? Q : never;
  const part = lazy(async () => ({ default: (await once())[name] as ComponentType<P> })) as LazyPart<P>;
  part.preload = once;
  return part;
}

/**
 * whenIdle runs fn once the browser has nothing else to do (at the latest after 3 s), and returns
 * what cancels it. Safari has no requestIdleCallback: it waits a second instead.
 */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1000);
  return () => window.clearTimeout(id);
}

/**
 * usePreloadWhenIdle fetches parts once the page has shown and the browser is idle (whenIdle):
 * a click on a later step then finds its code already here.
 */
export function usePreloadWhenIdle(...parts: { preload: () => Promise<unknown> }[]) {
  useEffect(
    () => whenIdle(() => parts.forEach((p) => void p.preload().catch(() => undefined))),
    // The parts are module-level constants: fetching them once per mount is what is meant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}


/**
 * Opened renders its children (a lazy dialog) from the first time open is true on: the dialog's
 * code is fetched when it is first opened, and it stays mounted afterwards so that it plays its
 * closing animation as before. Until its code is in nothing shows (a dialog, preloaded when idle,
 * usually has it already).
 */
export function Opened({ open, children }: { open: boolean; children: ReactNode }) {
  const [was, setWas] = useState(open);
  if (open && !was) setWas(true);
  return open || was ? <Suspense fallback={null}>{children}</Suspense> : null;
}

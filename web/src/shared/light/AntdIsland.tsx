import { lazy, type ComponentType } from 'react';

/** Island is a lazy component with a way to start loading it before it is shown. */
export type Island<P> = ComponentType<P> & { preload: () => void };

/**
 * antdIsland is a lazy component that renders what load brings inside antd's providers (theme,
 * zh_CN, toasts): a light page (the login page, docs/decisions/frontend-load.md, "Front-end load") shows antd parts only once they are
 * opened (the slider, the certificate tab), and antd's code loads with them. Put it inside
 * <Suspense>; preload() fetches the code early (e.g. when the form is first touched).
 */
export function antdIsland<P extends object>(load: () => Promise<ComponentType<P>>): Island<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (loading ??= Promise.all([import('../antd/AntdProviders'), load()]).then(([{ AntdProviders }, Inner]) => {
      function AntdIslandContent(props: P) {
        return (
          <AntdProviders>
            <Inner {...props} />
          </AntdProviders>
        );
      }
      return { default: AntdIslandContent };
    }));
  const island = lazy(get) as unknown as Island<P>;
  island.preload = () => {
    // A failed preload is retried when the island is shown, where the error boundary sees it.
    get().catch(() => {
      loading = null;
    });
  };
  return island;
}

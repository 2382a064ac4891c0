/**
 * prerender renders the login page (#/) to HTML and CSS at build time (vite.config.ts,
 * prerenderLogin): index.html shows that copy at once, before any script has run, and the
 * app replaces it when its own page has mounted (staticLogin.ts). It is the same route
 * table and providers as the app, rendered by React's static renderer, which waits for the
 * lazy page chunks, with antd's styles collected instead of injected at run time.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig } from '@/shared/config';
import { AppProviders } from './providers';
import { routes } from './routes';

/** renderLogin returns the login page's markup (the content of #root) and antd's CSS for it. */
export async function renderLogin(): Promise<{ html: string; css: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerender: the login route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <AppProviders config={defaultConfig} queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StyleProvider>,
  );
  const html = await new Response(prelude).text();
  return { html, css: extractStyle(cache, { plain: true }) };
}

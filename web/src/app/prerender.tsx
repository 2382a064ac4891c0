/**
 * prerender renders the login page (#/) to HTML at build time (vite.config.ts, prerenderLogin):
 * index.html shows that copy at once, before any script has run, and the app replaces it when
 * its own page has mounted (staticLogin.tsx). It is the same route table and providers as the
 * app, rendered by React's static renderer, which waits for the lazy page chunks. The login page
 * draws without antd (issue 19), so its styles are the page's own stylesheets, which index.html
 * links; there is no CSS-in-JS to collect.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig } from '@/shared/config';
import { AppProviders } from './providers';
import { routes } from './routes';

/** renderLogin returns the login page's markup (the content of #root); css is empty (no antd on it). */
export async function renderLogin(): Promise<{ html: string; css: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerender: the login route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <AppProviders config={defaultConfig} queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const html = await new Response(prelude).text();
  if (html.includes('class="ant-')) throw new Error('prerender: the login page drew an antd component (it must load without antd)');
  return { html, css: '' };
}

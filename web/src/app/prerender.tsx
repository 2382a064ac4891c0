/**
 * prerender renders the login page (#/) to HTML at build time (vite.config.ts, prerenderLogin):
 * index.html shows that copy at once, before any script has run, and the app replaces it when
 * its own page has mounted (staticLogin.tsx). It is the same route table and providers as the
 * app, rendered by React's static renderer inside a StaticRouter at `/`, which waits for the lazy page chunks. The login page
 * draws without antd (docs/decisions/frontend-load.md, "Front-end load"), so its styles are the page's own stylesheets, which index.html
 * links; there is no CSS-in-JS to collect.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig } from '@/shared/config';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/** renderLogin returns the login page's markup (the content of #root); css is empty (no antd on it). */
export async function renderLogin(): Promise<{ html: string; css: string }> {
  const { prelude } = await prerender(
    <AppProviders config={defaultConfig} queryClient={createQueryClient()}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  const html = await new Response(prelude).text();
  if (html.includes('class="ant-')) throw new Error('prerender: the login page drew an antd component (it must load without antd)');
  return { html, css: '' };
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/shared/api/queryClient';
import { startGraphicCode } from '@/shared/captcha/earlyGraphicCode';
import { readConfig } from '@/shared/config';
import { bindNavigate } from '@/shared/navigation';
import '@/shared/layout/global.css';
import { AppProviders } from './providers';
import { routes } from './routes';

// The login page (#/, with or without a query) shows a graphic code: ask for it now, while
// the page's chunks load, not after React has rendered the form (issue 19).
if (/^(#\/?)?(\?.*)?$/.test(window.location.hash)) startGraphicCode();

const config = readConfig();
document.title = config.siteTitle;

const router = createHashRouter(routes);
// The HTTP client and route loaders navigate through the router (no full reload).
bindNavigate((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders config={config} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

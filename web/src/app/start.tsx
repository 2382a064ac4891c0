// start runs the app: main.tsx imports it once the prerendered login page has been painted.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/shared/api/queryClient';
import { readConfig } from '@/shared/config';
import { bindNavigate } from '@/shared/navigation';
import { AppProviders } from './providers';
import { routes } from './routes';

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

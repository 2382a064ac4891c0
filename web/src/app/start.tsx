// start runs the app: main.tsx imports it once the prerendered login page has been painted.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, useNavigate } from 'react-router';
import { createQueryClient } from '@/shared/api/queryClient';
import { readConfig } from '@/shared/config';
import { bindNavigate } from '@/shared/navigation';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

const config = readConfig();
document.title = config.siteTitle;

/**
 * BindNavigate lets the HTTP client navigate through the router (no full reload). The router's
 * navigate is only reachable inside it in declarative mode; it changes with the location, and
 * is bound again each time.
 */
function BindNavigate() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders config={config} queryClient={createQueryClient()}>
      <HashRouter>
        <BindNavigate />
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  </StrictMode>,
);

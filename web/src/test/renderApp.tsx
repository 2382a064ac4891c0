import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig, type RuntimeConfig } from '@/shared/config';
import { AppRoutes } from '@/app/routes';

/** AppRouter is what a test sees of the router: where it is now, and a way to move. */
export interface AppRouter {
  readonly location: Location;
  navigate(to: string): void;
}

/** renderApp renders the real route table at path, with the app's providers, in memory. */
export function renderApp(path: string, options: { config?: Partial<RuntimeConfig> } = {}): RenderResult & { router: AppRouter } {
  // The declarative router keeps its location inside React: a probe next to the routes reports it.
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const result = render(
    <AppProviders config={{ ...defaultConfig, ...options.config }} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const router: AppRouter = {
    get location() {
      if (!location) throw new Error('renderApp: the router has not rendered');
      return location;
    },
    navigate(to) {
      if (!navigate) throw new Error('renderApp: the router has not rendered');
      void navigate(to);
    },
  };
  return { ...result, router };
}

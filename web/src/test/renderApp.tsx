import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig, type RuntimeConfig } from '@/shared/config';
import { routes } from '@/app/routes';

/** renderApp renders the real route table at path, with the app's providers, in memory. */
export function renderApp(
  path: string,
  options: { config?: Partial<RuntimeConfig>; routes?: RouteObject[] } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });
  const result = render(
    <AppProviders config={{ ...defaultConfig, ...options.config }} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RuntimeConfigContext, type RuntimeConfig } from '@/shared/config';
import { useBlockSpaceKey } from '@/shared/hooks/useBlockSpaceKey';

function SpaceKeyBlock() {
  useBlockSpaceKey();
  return null;
}

export interface AppProvidersProps {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * AppProviders wraps the app: runtime config, TanStack Query, and the global Space-key block.
 * antd's providers are not here: they come with the first page that uses antd
 * (RootLayout, shared/antd/AntdProviders), so the login page loads without antd (docs/decisions/frontend-load.md, "Front-end load").
 */
export function AppProviders({ config, queryClient, children }: AppProvidersProps) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <SpaceKeyBlock />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </RuntimeConfigContext.Provider>
  );
}

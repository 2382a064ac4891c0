import { QueryClient } from '@tanstack/react-query';
import { seedEarlyQueries } from '../early/earlyData';
import { getToken, subscribeSession } from '../session/session';
import { ApiError } from './http';

/**
 * shouldRetry: an answer from the server (4xx, 5xx, code ≠ 0) is never retried: the
 * client has already shown it, and asking again gives the same answer. A request
 * that got no answer (network, timeout) is tried once more.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.isNoAnswer && failureCount < 1;
  return failureCount < 1;
}

/** createQueryClient returns the TanStack Query client with the portal's defaults. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // A submit is never repeated behind the user's back.
        retry: false,
      },
    },
  });
  // The current page's first GETs, if index.html's boot script started them (docs/decisions/frontend-load.md, "Front-end load").
  seedEarlyQueries(client);
  // Answers belong to the session that asked for them, and the portal's query keys do not name
  // the account (['account', 'security']): when the stored session changes hands (a sign-out, a
  // sign-in, an expired session, another tab), nothing is kept. Otherwise the next person to sign
  // in on a shared computer within staleTime saw the last one's account centre.
  let token = getToken();
  subscribeSession(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    client.clear();
  });
  return client;
}

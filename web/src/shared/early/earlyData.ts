import type { QueryClient } from '@tanstack/react-query';
import { http } from '../api/http';
import { getToken } from '../session/session';
import type { Envelope } from '../api/http';
import { earlyQueries, type EarlyQuery } from './table';

/**
 * What index.html's boot script leaves for the app (public/boot.js): the token it sent and,
 * by API path, its GETs' parsed answers (null when there was no usable answer).
 */
export interface EarlyData {
  token: string;
  answers: Record<string, Promise<Envelope<unknown> | null> | undefined>;
}

type Holder = { __bidpassEarlyData?: EarlyData };

/**
 * seedEarlyQueries hands the boot script's GETs of the current page to the query cache, once,
 * so the page's useQuery finds its data there (or the request under way) instead of asking
 * again after its chunks have loaded (docs/decisions/frontend-load.md, "Front-end load"). Only when the session stored now is the one
 * the requests were sent with: another account's answers never reach the cache. A request
 * whose answer is not a success is made again the app's own way (http.get: the same call as
 * the page's, which deals with an expired session and shows errors as for any request).
 */
export function seedEarlyQueries(client: QueryClient, route: string = currentRoute(), holder: Holder = globalThis as Holder): void {
  const early = holder.__bidpassEarlyData;
  delete holder.__bidpassEarlyData;
  if (!early || early.token !== getToken()) return;
  for (const q of earlyQueries[route] ?? []) {
    const answer = early.answers[q.path];
    if (!answer) continue;
    void client.prefetchQuery({ queryKey: q.key, queryFn: ({ signal }) => take(answer, q, signal) });
  }
}

async function take(answer: Promise<Envelope<unknown> | null>, q: EarlyQuery, signal: AbortSignal): Promise<unknown> {
  const env = await answer;
  if (env && env.code === 0) return env.data;
  return http.get(q.path, { signal, ...(q.page ? { page: true } : {}) });
}

/**
 * currentRoute is the route path of the location's hash, without its query (as the boot script
 * reads it); '/' where there is no location (the build's prerender runs in Node).
 */
export function currentRoute(hash: string = (globalThis as { location?: Location }).location?.hash ?? ''): string {
  return hash.replace(/^#/, '').replace(/\?.*$/, '') || '/';
}

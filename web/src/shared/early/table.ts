/**
 * The first GETs of the signed-in pages that index.html's boot script starts before any module
 * has loaded (docs/decisions/frontend-load.md, "Front-end load"), by route path: the build writes this table into the boot script
 * (vite.config.ts, routePreloads) and earlyData.ts hands the answers to the query cache under
 * these keys, so each key and path must be the ones of the page's own useQuery (features/account/earlyQueries.test.ts
 * checks the pages' sources). Relative imports only: vite.config.ts evaluates this file in Node (loadSource).
 */
import { paths } from '../paths';

/** EarlyQuery is one GET a page makes as it mounts. */
export interface EarlyQuery {
  /** The page's TanStack Query key. */
  key: readonly string[];
  /** The API path, without a query. */
  path: string;
  /** The page's request is a page-level load (RequestOptions.page). */
  page?: boolean;
  /** Only for this account kind (1 person, 2 enterprise): the other kind is sent elsewhere by the route. */
  userType?: 1 | 2;
}

export const earlyQueries: Readonly<Record<string, readonly EarlyQuery[]>> = {
  [paths.accountCenterPage]: [
    { key: ['account', 'security'], path: '/api/account/security/info' },
    { key: ['account', 'trust'], path: '/api/account/auth' },
  ],
  [paths.accountCenter.essentialInformation]: [{ key: ['account', 'person'], path: '/api/account/person', page: true, userType: 1 }],
  [paths.accountCenter.legalPersonInformation]: [
    { key: ['account', 'enterprise'], path: '/api/account/enterprise', page: true, userType: 2 },
  ],
};

import { queryOptions } from '@tanstack/react-query';
import { callData } from './contract';

/**
 * The queries more than one feature reads, so their keys live here once: the account's trust
 * level (GET /api/account/auth) is read by the account centre and by the admission step of
 * registration, and both must hit the same cache entry (an edit that refreshes ['account']
 * refreshes it too). The key sits under ['account'] for that reason.
 */
export const trustQuery = () =>
  queryOptions({ queryKey: ['account', 'trust'] as const, queryFn: ({ signal }) => callData('get', '/api/account/auth', { signal }) });

import { queryOptions } from '@tanstack/react-query';
import { getOutbox } from './getOutbox';

/** devQueries are the development pages' queries. */
export const devQueries = {
  outbox: () => queryOptions({ queryKey: ['dev', 'outbox'] as const, queryFn: ({ signal }) => getOutbox(signal), staleTime: 0 }),
};

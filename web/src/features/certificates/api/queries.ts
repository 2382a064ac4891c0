import { queryOptions } from '@tanstack/react-query';
import { listBound, listRecords } from './certificateCalls';

/** certificateKeys are the CA page's query keys; a bind or unbind invalidates all. */
export const certificateKeys = { all: ['certificates'] as const };

/** certificateQueries are the CA page's queries. */
export const certificateQueries = {
  bound: () => queryOptions({ queryKey: [...certificateKeys.all, 'bound'] as const, queryFn: listBound }),
  records: (page: number, size: number) =>
    queryOptions({ queryKey: [...certificateKeys.all, 'records', page, size] as const, queryFn: () => listRecords(page, size) }),
};

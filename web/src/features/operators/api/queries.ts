import { queryOptions } from '@tanstack/react-query';
import { getBlockedEnterprises } from './getBlockedEnterprises';
import { getOperatorLinks } from './getOperatorLinks';
import type { Side } from './types';

/** operatorKeys are the operator page's query keys; any answer to a link invalidates all. */
export const operatorKeys = { all: ['operators'] as const };

/** operatorQueries are the operator page's queries. */
export const operatorQueries = {
  links: (side: Side, page: number, size: number) =>
    queryOptions({
      queryKey: [...operatorKeys.all, side, page, size] as const,
      queryFn: ({ signal }) => getOperatorLinks(side, page, size, signal),
    }),
  /** The person's blocked enterprises, under all: a block made in the table shows at once. */
  blocks: () => queryOptions({ queryKey: [...operatorKeys.all, 'blocks'] as const, queryFn: ({ signal }) => getBlockedEnterprises(signal) }),
};

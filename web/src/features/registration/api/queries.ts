import { queryOptions } from '@tanstack/react-query';
import { getDocument } from './getDocument';

type Which = 'agreement' | 'privacy';

/** registrationQueries are the registration pages' queries. */
export const registrationQueries = {
  /** The registration agreement or the privacy notice; none while which is null. */
  document: (which: Which | null) =>
    queryOptions({
      queryKey: ['common', 'document', which] as const,
      queryFn: () => getDocument(which as Which),
      enabled: which !== null,
      staleTime: Infinity,
    }),
};

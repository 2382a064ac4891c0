import { queryOptions } from '@tanstack/react-query';
import type { ResponseData } from '@/shared/api/contract';
import { http } from '@/shared/api/http';

/** PendingRequest is a sign-in request waiting for the user's consent. */
export type PendingRequest = ResponseData<'/api/sso/requests/{id}', 'get'>;

/** ssoQueries are the single sign-on pages' queries. */
export const ssoQueries = {
  /** The sign-in request the consent page answers; none while id is empty. */
  request: (id: string) =>
    queryOptions({
      queryKey: ['sso', 'request', id] as const,
      queryFn: () => http.get<PendingRequest>(`/api/sso/requests/${encodeURIComponent(id)}`, { silent: true }),
      enabled: id !== '',
      retry: false,
    }),
};

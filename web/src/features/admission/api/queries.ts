import { queryOptions } from '@tanstack/react-query';
import { getApplyState, getDraft, getOrganisations } from './admission';
import type { Role } from './types';

/** admissionKeys are the library admission's query keys; a submit invalidates state. */
export const admissionKeys = { state: ['admission', 'state'] as const };

/** admissionQueries are the library admission's queries; per role, none while the role is not chosen. */
export const admissionQueries = {
  /** The roles' states. */
  state: () => queryOptions({ queryKey: admissionKeys.state, queryFn: ({ signal }) => getApplyState(signal) }),
  organisations: (role: Role | undefined) =>
    queryOptions({
      queryKey: ['admission', 'organisations', role] as const,
      queryFn: ({ signal }) => getOrganisations(role as Role, signal),
      enabled: role !== undefined,
      staleTime: 5 * 60_000,
    }),
  draft: (role: Role | undefined) =>
    queryOptions({
      queryKey: ['admission', 'draft', role] as const,
      queryFn: ({ signal }) => getDraft(role as Role, signal),
      enabled: role !== undefined,
      staleTime: 0,
      gcTime: 0,
    }),
};

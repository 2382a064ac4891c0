import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getMe } from './getMe';
import { beginEnrolment } from './signIn';
import { getReview } from './getReview';
import { listActions } from './listActions';
import { listReviews, type ReviewQuery } from './listReviews';
import { listStaff } from './listStaff';
import { listOidcClients } from './oidcClients';
import { listOrganisations } from './organisations';
import { staffCertificates } from './staffCertificate';

type ActionsQuery = Parameters<typeof listActions>[0];

/**
 * adminKeys are the review console's query keys: everything a staff member reads sits under
 * all, which signing out removes and a decision invalidates as a whole; each list has its
 * prefix for the edits that refresh only it.
 */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  staff: ['admin', 'staff'] as const,
  reviews: ['admin', 'reviews'] as const,
  organisations: ['admin', 'organisations'] as const,
  oidcClients: ['admin', 'oidc-clients'] as const,
};

/** adminQueries are the console's queries, one helper per GET. */
export const adminQueries = {
  /**
   * The enrolment's secret for a sign-in ticket (POST /api/admin/auth/enrolment): one per ticket, never refetched,
   * so a re-render or a strict-mode double mount does not replace the secret being scanned with another.
   */
  enrolment: (ticket: string) =>
    queryOptions({ queryKey: ['admin-sign-in', 'enrolment', ticket] as const, queryFn: () => beginEnrolment(ticket), staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false }),
  /** The signed-in staff member (GET /api/admin/me). */
  me: () => queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 }),
  staff: (page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...adminKeys.staff, page, pageSize] as const,
      queryFn: ({ signal }) => listStaff(page, pageSize, signal),
      placeholderData: keepPreviousData,
    }),
  staffCertificate: (id: number) =>
    queryOptions({ queryKey: [...adminKeys.staff, id, 'certificate'] as const, queryFn: () => staffCertificates(id) }),
  reviews: (q: ReviewQuery) =>
    queryOptions({
      queryKey: [...adminKeys.reviews, q] as const,
      queryFn: ({ signal }) => listReviews(q, signal),
      placeholderData: keepPreviousData,
      refetchInterval: 30_000,
    }),
  review: (id: number) => queryOptions({ queryKey: [...adminKeys.all, 'review', id] as const, queryFn: ({ signal }) => getReview(id, signal) }),
  actions: (q: ActionsQuery) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'actions', q.page, q.pageSize, q.action, q.after] as const,
      queryFn: ({ signal }) => listActions(q, signal),
      placeholderData: keepPreviousData,
    }),
  organisations: (role: 2 | 3) =>
    queryOptions({ queryKey: [...adminKeys.organisations, role] as const, queryFn: ({ signal }) => listOrganisations(role, signal) }),
  oidcClients: () => queryOptions({ queryKey: adminKeys.oidcClients, queryFn: ({ signal }) => listOidcClients(signal) }),
};

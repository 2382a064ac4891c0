import { callPage, type QueryParams } from '@/shared/api/contract';
import { adminHttp } from './client';

type Query = QueryParams<'/api/admin/reviews', 'get'>;

/** ReviewQuery is the queue page's query: a kind, a state and the page always chosen. */
export type ReviewQuery = Query & Required<Pick<Query, 'kind' | 'state' | 'page' | 'pageSize'>>;

/** listReviews loads a page of a queue (GET /api/admin/reviews). */
export function listReviews(q: ReviewQuery, signal?: AbortSignal) {
  return callPage('get', '/api/admin/reviews', { query: q, signal, client: adminHttp });
}

import { callPage, type QueryParams } from '@/shared/api/contract';
import { adminHttp } from './client';

/** listActions loads a page of the staff action log (GET /api/admin/actions, administrators). */
export function listActions(q: QueryParams<'/api/admin/actions', 'get'>, signal?: AbortSignal) {
  return callPage('get', '/api/admin/actions', { query: q, signal, client: adminHttp });
}

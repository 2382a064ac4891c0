import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** getReview loads the review page's data (GET /api/admin/reviews/{id}); the server logs the view. */
export function getReview(id: number, signal?: AbortSignal) {
  return callData('get', '/api/admin/reviews/{id}', { path: { id }, signal, page: true, client: adminHttp });
}

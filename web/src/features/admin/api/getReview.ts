import { adminHttp } from './client';
import type { ReviewDetail } from './types';

/** getReview loads the review page's data (GET /api/admin/reviews/{id}); the server logs the view. */
export function getReview(id: number, signal?: AbortSignal): Promise<ReviewDetail> {
  return adminHttp.get(`/api/admin/reviews/${id}`, { signal, page: true });
}

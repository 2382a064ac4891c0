import { adminHttp } from './client';
import type { ReviewItem } from './types';

/** claimReview reserves an item for 30 minutes (POST /api/admin/reviews/{id}/claim). */
export function claimReview(id: number): Promise<ReviewItem> {
  return adminHttp.post(`/api/admin/reviews/${id}/claim`);
}

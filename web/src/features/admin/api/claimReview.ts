import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** claimReview reserves an item for 30 minutes (POST /api/admin/reviews/{id}/claim). */
export function claimReview(id: number) {
  return callData('post', '/api/admin/reviews/{id}/claim', { path: { id }, client: adminHttp });
}

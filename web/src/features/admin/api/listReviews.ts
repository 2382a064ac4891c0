import { adminHttp } from './client';
import type { Page, ReviewItem, ReviewKind } from './types';

export interface ReviewQuery {
  kind: ReviewKind;
  subject?: 'person' | 'enterprise' | undefined;
  state: 'pending' | 'claimed' | 'decided';
  page: number;
  pageSize: number;
}

/** listReviews loads a page of a queue (GET /api/admin/reviews). */
export async function listReviews(q: ReviewQuery, signal?: AbortSignal): Promise<Page<ReviewItem>> {
  const res = await adminHttp.request<ReviewItem[]>('GET', '/api/admin/reviews', { query: { ...q }, signal });
  return { rows: res.data, total: res.count ?? 0 };
}

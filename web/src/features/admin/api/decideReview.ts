import { adminHttp } from './client';
import type { ReviewItem } from './types';

export interface DecisionForm {
  action: 'PASS' | 'NOT_PASS';
  remark: string;
  files: string[];
}

/** decideReview posts the verdict (POST /api/admin/reviews/{id}/decision); field errors come back in ApiError.fields. */
export function decideReview(id: number, d: DecisionForm): Promise<ReviewItem> {
  return adminHttp.post(`/api/admin/reviews/${id}/decision`, d, { silent: true });
}

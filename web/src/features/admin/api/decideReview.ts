import { callData, type RequestBody } from '@/shared/api/contract';
import { adminHttp } from './client';

/** DecisionForm is the verdict: PASS or NOT_PASS, the remark and the attachment ids. */
export type DecisionForm = RequestBody<'/api/admin/reviews/{id}/decision', 'post'>;

/** decideReview posts the verdict (POST /api/admin/reviews/{id}/decision); field errors come back in ApiError.fields. */
export function decideReview(id: number, d: DecisionForm) {
  return callData('post', '/api/admin/reviews/{id}/decision', { path: { id }, body: d, silent: true, client: adminHttp });
}

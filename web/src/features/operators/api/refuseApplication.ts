import { http } from '@/shared/api/http';

/** refuseApplication is the enterprise refusing a person's application (DELETE /api/account/operator/frApply/{id}). */
export function refuseApplication(id: number): Promise<null> {
  return http.delete<null>(`/api/account/operator/frApply/${id}`);
}

import { http } from '@/shared/api/http';

/** cancelApplication withdraws the person's application (DELETE /api/account/operator/apply/{id}). */
export function cancelApplication(id: number): Promise<null> {
  return http.delete<null>(`/api/account/operator/apply/${id}`);
}

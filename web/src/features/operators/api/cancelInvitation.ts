import { http } from '@/shared/api/http';

/** cancelInvitation withdraws the enterprise's invitation (DELETE /api/account/operator/invite/{id}). */
export function cancelInvitation(id: number): Promise<null> {
  return http.delete<null>(`/api/account/operator/invite/${id}`);
}

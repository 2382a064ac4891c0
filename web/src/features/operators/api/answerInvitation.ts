import { http } from '@/shared/api/http';

/** answerInvitation is the person's answer to an invitation: A1 accepts, A0 refuses (PUT /api/account/operator/invite/{id}). */
export function answerInvitation(id: number, action: 'A1' | 'A0'): Promise<null> {
  return http.put<null>(`/api/account/operator/invite/${id}`, { action });
}

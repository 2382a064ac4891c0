import { http } from '@/shared/api/http';

/** apply sends the person's application to the searched enterprise (POST /api/account/operator/apply/{candidate}). */
export function apply(candidate: string): Promise<null> {
  return http.post<null>(`/api/account/operator/apply/${encodeURIComponent(candidate)}`);
}

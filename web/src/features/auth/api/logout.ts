import { http } from '@/shared/api/http';

/** logout revokes the session on the server: DELETE /api/auth/logout. */
export function logout(): Promise<unknown> {
  return http.delete<unknown>('/api/auth/logout');
}

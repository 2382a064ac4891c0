import { adminHttp } from './client';

/** signOut ends the staff session (DELETE /api/admin/auth/authToken). */
export function signOut(): Promise<null> {
  return adminHttp.delete('/api/admin/auth/authToken');
}

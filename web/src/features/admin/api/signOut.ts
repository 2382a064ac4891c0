import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** signOut ends the staff session (DELETE /api/admin/auth/authToken). */
export function signOut() {
  return callData('delete', '/api/admin/auth/authToken', { client: adminHttp });
}

import { callData } from '@/shared/api/contract';

/** logout revokes the session on the server: DELETE /api/auth/logout. */
export function logout() {
  return callData('delete', '/api/auth/logout');
}

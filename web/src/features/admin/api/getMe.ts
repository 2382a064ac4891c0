import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** getMe returns the staff member of the stored token (GET /api/admin/me). */
export function getMe(signal?: AbortSignal) {
  return callData('get', '/api/admin/me', { signal, client: adminHttp });
}

import { adminHttp } from './client';
import type { StaffMember } from './types';

/** getMe returns the staff member of the stored token (GET /api/admin/me). */
export function getMe(signal?: AbortSignal): Promise<StaffMember> {
  return adminHttp.get('/api/admin/me', { signal });
}

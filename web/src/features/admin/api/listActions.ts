import { adminHttp } from './client';
import type { Page, StaffAction } from './types';

/** listActions loads a page of the staff action log (GET /api/admin/actions, administrators). */
export async function listActions(
  q: { page: number; pageSize: number; action?: string | undefined },
  signal?: AbortSignal,
): Promise<Page<StaffAction>> {
  const res = await adminHttp.request<StaffAction[]>('GET', '/api/admin/actions', { query: { ...q }, signal });
  return { rows: res.data, total: res.count ?? 0 };
}

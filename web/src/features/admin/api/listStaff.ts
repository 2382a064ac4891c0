import { adminHttp } from './client';
import type { Page, StaffMember } from './types';

/** listStaff loads a page of staff (GET /api/admin/staff, administrators). */
export async function listStaff(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<StaffMember>> {
  const res = await adminHttp.request<StaffMember[]>('GET', '/api/admin/staff', { query: { page, pageSize }, signal });
  return { rows: res.data, total: res.count ?? 0 };
}

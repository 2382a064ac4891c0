import { callPage } from '@/shared/api/contract';
import { adminHttp } from './client';

/** listStaff loads a page of staff (GET /api/admin/staff, administrators). */
export function listStaff(page: number, pageSize: number, signal?: AbortSignal) {
  return callPage('get', '/api/admin/staff', { query: { page, pageSize }, signal, client: adminHttp });
}

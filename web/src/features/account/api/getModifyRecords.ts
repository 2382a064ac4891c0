import { http } from '@/shared/api/http';
import type { ModificationRecord, Page } from './types';

/** getModifyRecords loads a page of modification records (GET /api/account/modifyRecords). */
export async function getModifyRecords(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<ModificationRecord>> {
  const r = await http.request<ModificationRecord[]>('GET', '/api/account/modifyRecords', { query: { page, pageSize }, signal });
  return { data: r.data, count: r.count ?? 0 };
}

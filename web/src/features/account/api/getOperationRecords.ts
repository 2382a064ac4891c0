import { http } from '@/shared/api/http';
import type { OperationRecord, Page } from './types';

/** getOperationRecords loads a page of operation records (GET /api/management/operation/record). */
export async function getOperationRecords(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<OperationRecord>> {
  const r = await http.request<OperationRecord[]>('GET', '/api/management/operation/record', { query: { page, pageSize }, signal });
  return { data: r.data, count: r.count ?? 0 };
}

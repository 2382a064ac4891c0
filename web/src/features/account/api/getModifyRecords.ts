import { callPage } from '@/shared/api/contract';

/** getModifyRecords loads a page of modification records (GET /api/account/modifyRecords). */
export function getModifyRecords(page: number, pageSize: number, signal?: AbortSignal) {
  return callPage('get', '/api/account/modifyRecords', { query: { page, pageSize }, signal });
}

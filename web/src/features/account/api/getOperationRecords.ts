import { callPage } from '@/shared/api/contract';

/** getOperationRecords loads a page of operation records (GET /api/management/operation/record). */
export function getOperationRecords(page: number, pageSize: number, signal?: AbortSignal) {
  return callPage('get', '/api/management/operation/record', { query: { page, pageSize }, signal });
}

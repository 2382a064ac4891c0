import { callData } from '@/shared/api/contract';

/** getAuditLogs loads the reviewers' decisions on a review item (GET /api/manage/audit/entity/logs?id=applyId). */
export function getAuditLogs(applyId: number, signal?: AbortSignal) {
  return callData('get', '/api/manage/audit/entity/logs', { query: { id: applyId }, signal });
}

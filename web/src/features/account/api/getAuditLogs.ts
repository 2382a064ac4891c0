import { http } from '@/shared/api/http';
import type { AuditLog } from './types';

/** getAuditLogs loads the reviewers' decisions on a review item (GET /api/manage/audit/entity/logs?id=applyId). */
export function getAuditLogs(applyId: number, signal?: AbortSignal): Promise<AuditLog[]> {
  return http.get<AuditLog[]>('/api/manage/audit/entity/logs', { query: { id: applyId }, signal });
}

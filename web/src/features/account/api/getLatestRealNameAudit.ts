import { callData } from '@/shared/api/contract';

/** getLatestRealNameAudit loads the last manual-authentication outcome (GET /api/manage/audit/realname/latest); null when none was submitted. */
export function getLatestRealNameAudit(signal?: AbortSignal) {
  return callData('get', '/api/manage/audit/realname/latest', { signal });
}

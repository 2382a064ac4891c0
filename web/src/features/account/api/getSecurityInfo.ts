import { callData } from '@/shared/api/contract';

/** getSecurityInfo loads the login account and bound phone (GET /api/account/security/info). */
export function getSecurityInfo(signal?: AbortSignal) {
  return callData('get', '/api/account/security/info', { signal });
}

import { callData } from '@/shared/api/contract';

/** getEnterprise loads the enterprise's basic information (GET /api/account/enterprise). */
export function getEnterprise(signal?: AbortSignal) {
  return callData('get', '/api/account/enterprise', { signal, page: true });
}

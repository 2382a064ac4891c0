import { callData } from '@/shared/api/contract';

/** getTrust loads the trust level and the authentication modes (GET /api/account/auth). */
export function getTrust(signal?: AbortSignal) {
  return callData('get', '/api/account/auth', { signal });
}

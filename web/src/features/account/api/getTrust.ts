import { http } from '@/shared/api/http';
import type { TrustLevel } from './types';

/** getTrust loads the trust level and the authentication modes (GET /api/account/auth). */
export function getTrust(signal?: AbortSignal): Promise<TrustLevel> {
  return http.get<TrustLevel>('/api/account/auth', { signal });
}

import { http } from '@/shared/api/http';
import type { RefConfig } from './getReference';

/** getConfig loads the configuration lists (GET /api/common/config). */
export function getConfig(signal?: AbortSignal): Promise<RefConfig> {
  return http.get<RefConfig>('/api/common/config', { signal });
}

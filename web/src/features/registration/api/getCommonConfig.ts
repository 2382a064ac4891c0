import { http } from '@/shared/api/http';
import type { CommonConfig } from './types';

/** getCommonConfig reads the configuration lists (GET /api/common/config). */
export function getCommonConfig(): Promise<CommonConfig> {
  return http.get<CommonConfig>('/api/common/config', { anonymous: true });
}

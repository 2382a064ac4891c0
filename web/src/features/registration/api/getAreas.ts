import { http } from '@/shared/api/http';
import type { CascaderOption } from './types';

/** getAreas reads the province → city → district tree (GET /api/common/areas). */
export function getAreas(): Promise<CascaderOption[]> {
  return http.get<CascaderOption[]>('/api/common/areas', { anonymous: true });
}

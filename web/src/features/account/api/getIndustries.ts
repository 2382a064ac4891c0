import { http } from '@/shared/api/http';
import type { CascaderOption } from './getReference';

/** getIndustries loads the industry tree (GET /api/common/industries). */
export function getIndustries(signal?: AbortSignal): Promise<CascaderOption[]> {
  return http.get<CascaderOption[]>('/api/common/industries', { signal });
}

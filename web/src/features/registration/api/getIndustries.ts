import { http } from '@/shared/api/http';
import type { CascaderOption } from './types';

/** getIndustries reads the GB/T 4754 industry tree (GET /api/common/industries). */
export function getIndustries(): Promise<CascaderOption[]> {
  return http.get<CascaderOption[]>('/api/common/industries', { anonymous: true });
}

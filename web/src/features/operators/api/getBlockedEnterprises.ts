import { http } from '@/shared/api/http';
import type { BlockedEnterprise } from './types';

/** getBlockedEnterprises loads the person's 已屏蔽的企业, the latest block first (GET /api/account/operator/blocks). */
export function getBlockedEnterprises(signal?: AbortSignal): Promise<BlockedEnterprise[]> {
  return http.get<BlockedEnterprise[]>('/api/account/operator/blocks', { signal });
}

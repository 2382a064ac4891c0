import { http } from '@/shared/api/http';
import type { EnterpriseInfo } from './types';

/** getEnterprise loads the enterprise's basic information (GET /api/account/enterprise). */
export function getEnterprise(signal?: AbortSignal): Promise<EnterpriseInfo> {
  return http.get<EnterpriseInfo>('/api/account/enterprise', { signal, page: true });
}

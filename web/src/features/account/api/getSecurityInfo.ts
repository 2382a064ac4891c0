import { http } from '@/shared/api/http';
import type { SecurityInfo } from './types';

/** getSecurityInfo loads the login account and bound phone (GET /api/account/security/info). */
export function getSecurityInfo(signal?: AbortSignal): Promise<SecurityInfo> {
  return http.get<SecurityInfo>('/api/account/security/info', { signal });
}

import { http } from '@/shared/api/http';
import type { EnterpriseRealAuthBody } from './submitRealAuth';

/** submitEnterpriseRealAuth submits manual verification (POST /api/register/enterprise/realAuth, issue 5's handler). */
export function submitEnterpriseRealAuth(body: EnterpriseRealAuthBody): Promise<unknown> {
  return http.post<unknown>('/api/register/enterprise/realAuth', body, { silent: true });
}

import { http } from '@/shared/api/http';
import type { EnterpriseRealAuth, StepResult } from './types';

/** submitEnterpriseRealAuth submits the licence and legal-person photos (POST /api/register/enterprise/realAuth). */
export function submitEnterpriseRealAuth(body: EnterpriseRealAuth): Promise<StepResult> {
  return http.post<StepResult>('/api/register/enterprise/realAuth', body, { silent: true });
}

import { http } from '@/shared/api/http';
import type { EnterpriseDto, LegalPersonDto, StepResult } from './types';

/** saveEnterpriseInfo saves the basic information (POST /api/register/enterprise/info). */
export function saveEnterpriseInfo(body: { enterpriseDto: EnterpriseDto; legalPersonDto: LegalPersonDto; progress: string }): Promise<StepResult> {
  return http.post<StepResult>('/api/register/enterprise/info', body, { silent: true });
}

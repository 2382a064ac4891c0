import { http } from '@/shared/api/http';
import type { PersonRealAuth, StepResult } from './types';

/** submitPersonRealAuth submits the certificate photos for review (POST /api/register/person/realAuth). */
export function submitPersonRealAuth(body: PersonRealAuth): Promise<StepResult> {
  return http.post<StepResult>('/api/register/person/realAuth', body, { silent: true });
}

import { http } from '@/shared/api/http';
import type { PersonRealInfo, StepResult } from './types';

/** savePersonRealInfo saves the real-name information (POST /api/register/person/realInfo). */
export async function savePersonRealInfo(body: PersonRealInfo): Promise<{ result: StepResult; msg: string }> {
  const r = await http.request<StepResult>('POST', '/api/register/person/realInfo', { body, silent: true });
  return { result: r.data, msg: r.msg };
}

import { http } from '@/shared/api/http';

/** PersonRealAuthBody is the person's manual authentication (02 §3). */
export interface PersonRealAuthBody {
  certFrontId: string;
  certBackId: string;
  certTakeId: string;
  certDetailAddr: string;
}

/** EnterpriseRealAuthBody is the enterprise's manual authentication (02 §3). */
export interface EnterpriseRealAuthBody {
  enterpriseId: string;
  personFrontId: string;
  personBackId: string;
}

/** submitPersonRealAuth submits manual verification (POST /api/register/person/realAuth, issue 5's handler). */
export function submitPersonRealAuth(body: PersonRealAuthBody): Promise<unknown> {
  return http.post<unknown>('/api/register/person/realAuth', body, { silent: true });
}

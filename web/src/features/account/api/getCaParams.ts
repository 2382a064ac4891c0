import { http } from '@/shared/api/http';

/** getCaParams checks that the account may apply for a CA certificate (GET /api/caBuy/params). */
export function getCaParams(): Promise<string> {
  return http.get<string>('/api/caBuy/params', { silent: true });
}

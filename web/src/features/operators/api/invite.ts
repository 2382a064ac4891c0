import { http } from '@/shared/api/http';
import type { Period } from './types';

/** invite sends the enterprise's invitation to the searched person (POST /api/account/operator/invite). Silent: the period dialog shows the message. */
export function invite(candidate: string, p: Period): Promise<null> {
  return http.request<null>('POST', '/api/account/operator/invite', { body: { candidate, ...p }, silent: true }).then((r) => r.data);
}

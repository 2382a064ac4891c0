import { http } from '@/shared/api/http';
import type { Period } from './types';

/** acceptApplication is the enterprise accepting an application with the period (PUT /api/account/operator/apply/confirm/{id}). Silent: the period dialog shows the message. */
export function acceptApplication(id: number, p: Period): Promise<null> {
  return http.request<null>('PUT', `/api/account/operator/apply/confirm/${id}`, { body: p, silent: true }).then((r) => r.data);
}

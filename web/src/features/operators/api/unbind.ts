import { http } from '@/shared/api/http';
import type { Side } from './types';

/** unbind ends a bound link: the enterprise's DELETE /api/account/operator/frOperator/{id} or the person's DELETE /api/account/operator/{id}. */
export function unbind(side: Side, id: number): Promise<null> {
  return http.delete<null>(side === 'enterprise' ? `/api/account/operator/frOperator/${id}` : `/api/account/operator/${id}`);
}

import { callData } from '@/shared/api/contract';

/** getCaParams checks that the account may apply for a CA certificate (GET /api/caBuy/params). */
export function getCaParams() {
  return callData('get', '/api/caBuy/params', { silent: true });
}

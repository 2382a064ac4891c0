import { callData } from '@/shared/api/contract';

/** getPerson loads the person's basic information (GET /api/account/person). */
export function getPerson(signal?: AbortSignal) {
  return callData('get', '/api/account/person', { signal, page: true });
}

import { callData } from '@/shared/api/contract';

/** getProgress reads where the signed-in account's registration stands (GET /api/register/progress). */
export function getProgress(signal?: AbortSignal) {
  return callData('get', '/api/register/progress', { signal, page: true });
}

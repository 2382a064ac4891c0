import { http } from '@/shared/api/http';
import type { Progress } from './types';

/** getProgress reads where the signed-in account's registration stands (GET /api/register/progress). */
export function getProgress(signal?: AbortSignal): Promise<Progress> {
  return http.get<Progress>('/api/register/progress', { signal, page: true });
}

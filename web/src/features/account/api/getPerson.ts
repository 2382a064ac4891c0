import { http } from '@/shared/api/http';
import type { PersonInfo } from './types';

/** getPerson loads the person's basic information (GET /api/account/person). */
export function getPerson(signal?: AbortSignal): Promise<PersonInfo> {
  return http.get<PersonInfo>('/api/account/person', { signal, page: true });
}

import { http } from '@/shared/api/http';
import type { EditResult } from './types';

/** PersonEditBody is any subset of the person's fields; the server decides the kind of edit. */
export interface PersonEditBody {
  name?: string;
  certType?: string;
  certNum?: string;
  certStart?: string;
  certEnd?: string;
  certValid?: boolean;
  province?: string;
  city?: string;
  area?: string;
  detailAddr?: string;
  personfrontId?: string;
  personbackId?: string;
}

/** editPerson sends a person edit (PUT /api/account/person/edit); msg says whether it waits for review. */
export function editPerson(body: PersonEditBody) {
  return http.request<EditResult>('PUT', '/api/account/person/edit', { body, silent: true });
}

import { call, type RequestBody } from '@/shared/api/contract';

/** PersonEditBody is any subset of the person's fields; the server decides the kind of edit. */
export type PersonEditBody = RequestBody<'/api/account/person/edit', 'put'>;

/** editPerson sends a person edit (PUT /api/account/person/edit); msg says whether it waits for review. */
export function editPerson(body: PersonEditBody) {
  return call('put', '/api/account/person/edit', { body, silent: true });
}

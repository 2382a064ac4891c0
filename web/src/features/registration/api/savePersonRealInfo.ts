import { call, type RequestBody } from '@/shared/api/contract';

/** PersonRealInfo is the real-name information form as sent (01 §3). */
export type PersonRealInfo = RequestBody<'/api/register/person/realInfo', 'post'>;

/** savePersonRealInfo saves the real-name information (POST /api/register/person/realInfo); msg tells what happens next. */
export async function savePersonRealInfo(body: PersonRealInfo) {
  const r = await call('post', '/api/register/person/realInfo', { body, silent: true });
  return { result: r.data, msg: r.msg };
}

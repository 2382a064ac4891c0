import { callData, type RequestBody, type ResponseData } from '@/shared/api/contract';

/** FindRequest proves a phone or an address by its code; type 1 personal tab, 2 legal-person tab, absent all. */
export type FindRequest = RequestBody<'/api/retrieve/pwd/phone', 'post'>;

/** FindResult is the accounts found and the checkCode for the reset (empty when none). */
export type FindResult = ResponseData<'/api/retrieve/pwd/phone', 'post'>;

/** findAccounts proves the phone (POST /api/retrieve/pwd/phone) or address (…/email) and lists its accounts. */
export function findAccounts(body: FindRequest) {
  return body.email
    ? callData('post', '/api/retrieve/pwd/email', { body, silent: true })
    : callData('post', '/api/retrieve/pwd/phone', { body, silent: true });
}

import { http } from '@/shared/api/http';
import type { OperatorCandidate, SearchForm, Side } from './types';

/**
 * searchParty finds the other side by the exact triple: an enterprise finds a person
 * (POST /api/account/enterprise/operatorInfo {account, name, certNum}), a person an enterprise
 * (POST /api/common/find/enterprise {account, name, creditCode}). A miss is an empty list.
 * Silent: the dialog shows field errors under the fields.
 */
export function searchParty(side: Side, f: SearchForm): Promise<OperatorCandidate[]> {
  if (side === 'enterprise') {
    return http.request<OperatorCandidate[]>('POST', '/api/account/enterprise/operatorInfo', {
      query: { page: 1, pageSize: 10 },
      body: { account: f.account, name: f.name, certNum: f.certNum },
      silent: true,
    }).then((r) => r.data);
  }
  return http
    .request<OperatorCandidate[]>('POST', '/api/common/find/enterprise', {
      body: { account: f.account, name: f.name, creditCode: f.certNum },
      silent: true,
    })
    .then((r) => r.data);
}

import { http } from '@/shared/api/http';
import type { EditResult } from './types';

/** EnterpriseEditBody is the flattened enterprise form; absent fields stay as they are. */
export interface EnterpriseEditBody {
  type?: string;
  name?: string;
  certType?: string;
  certNum?: string;
  province?: string;
  city?: string;
  area?: string;
  detailAddr?: string;
  industry?: string;
  capital?: string;
  capitalUnit?: string;
  capitalCurrency?: string;
  legalName?: string;
  legalCertType?: string;
  legalCertNum?: string;
  contactName?: string;
  contactPhone?: string;
  smsCode?: string;
  smsCodeId?: string;
}

/** editEnterprise sends an enterprise edit (PUT /api/account/update/information). */
export function editEnterprise(body: EnterpriseEditBody) {
  return http.request<EditResult>('PUT', '/api/account/update/information', { body, silent: true });
}

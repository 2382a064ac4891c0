import { call, type RequestBody } from '@/shared/api/contract';

/** EnterpriseEditBody is the flattened enterprise form; absent fields stay as they are. */
export type EnterpriseEditBody = RequestBody<'/api/account/update/information', 'put'>;

/** editEnterprise sends an enterprise edit (PUT /api/account/update/information). */
export function editEnterprise(body: EnterpriseEditBody) {
  return call('put', '/api/account/update/information', { body, silent: true });
}

// Server field keys of the nested forms (enterprise / legalPerson / contact, and the
// registration wizard's enterpriseDto / legalPersonDto) that name a flattened field.
const nested: Record<string, Record<string, string>> = {
  legalPerson: { name: 'legalName', certType: 'legalCertType', certNum: 'legalCertNum' },
  legalPersonDto: { name: 'legalName', certType: 'legalCertType', certNum: 'legalCertNum', linkName: 'contactName', linkPhone: 'contactPhone', checkCode: 'smsCode' },
  contact: { name: 'contactName', phone: 'contactPhone' },
};

/**
 * enterpriseEditField names the edit form's field for a key of the server's `fields`:
 * the flattened keys are the form's own names, a region problem (province, city, area)
 * belongs to the region cascader, and nested keys such as legalPerson.certNum are mapped.
 */
export function enterpriseEditField(key: string): string {
  const dot = key.indexOf('.');
  let k = key;
  if (dot > 0) {
    const [group, leaf] = [key.slice(0, dot), key.slice(dot + 1)];
    k = nested[group]?.[leaf] ?? leaf;
  }
  return k === 'province' || k === 'city' || k === 'area' ? 'region' : k;
}

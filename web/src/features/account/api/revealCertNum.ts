import { callData } from '@/shared/api/contract';

/** Which number to reveal: the person's, the enterprise's or its legal person's. */
export type RevealWhich = 'person' | 'enterprise' | 'legal';

/** revealCertNum fetches a certificate number in full; the server logs each reveal. */
export async function revealCertNum(which: RevealWhich): Promise<string> {
  const r = which === 'person' ? await callData('get', '/api/account/person/certNum') : await callData('get', '/api/account/enterprise/certNum', { query: { which } });
  return r.certNum;
}

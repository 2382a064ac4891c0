import { http } from '@/shared/api/http';

/** Which number to reveal: the person's, the enterprise's or its legal person's. */
export type RevealWhich = 'person' | 'enterprise' | 'legal';

/** revealCertNum fetches a certificate number in full; the server logs each reveal. */
export async function revealCertNum(which: RevealWhich): Promise<string> {
  const path = which === 'person' ? '/api/account/person/certNum' : '/api/account/enterprise/certNum';
  const r = await http.get<{ certNum: string }>(path, { query: which === 'person' ? {} : { which } });
  return r.certNum;
}

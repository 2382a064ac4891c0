import { http } from '@/shared/api/http';

/** FoundAccount is one account on a proven phone or e-mail address (01 §3 Password recovery). */
export interface FoundAccount {
  account: string;
  regTime: string;
  /** 1 person, 2 enterprise. */
  type: number;
  subjectName: string;
  /** Masked. */
  subjectCode: string;
  authState: number;
  accountId: number;
}

export interface FindResult {
  accounts: FoundAccount[];
  /** Empty when nothing was found. */
  checkCode: string;
}

export interface FindRequest {
  phone?: string;
  email?: string;
  /** 1 personal tab, 2 legal-person tab, absent: all. */
  type?: number;
  smsCode: string;
  smsCodeId: string;
}

/** findAccounts proves the phone (POST /api/retrieve/pwd/phone) or address (…/email) and lists its accounts. */
export function findAccounts(body: FindRequest): Promise<FindResult> {
  const path = body.email ? '/api/retrieve/pwd/email' : '/api/retrieve/pwd/phone';
  return http.post<FindResult>(path, body, { silent: true });
}

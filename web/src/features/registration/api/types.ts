/** Types shared by the registration requests (api/openapi.yaml, issue 5). */

/** Registered is the answer of the account step: the new account, signed in. */
export interface Registered {
  id: number;
  accessToken: string;
  user: { id: number; userName: string; type: number; registerProcess: number; authState: number };
}

/** StepResult tells the wizard the next step. */
export interface StepResult {
  step: number;
  registerProcess: number;
}

/**
 * AccountStepBody is the account step (regForm) as sent. It carries no graphic code:
 * the SMS send used it up, and the SMS code protects the submit (docs/decisions.md).
 */
export interface AccountStepBody {
  account: string;
  phone: string;
  password: string;
  keyId: string;
  smsCode: string;
  smsCodeId: string;
  isAgree: boolean;
}

/** PersonRealInfo is the real-name information form (01 §3). */
export interface PersonRealInfo {
  realName: string;
  certType: string;
  certNum: string;
  certStart: string;
  certEnd: string;
  certValid: boolean;
  province: string;
  city: string;
  area: string;
  certDetailAddr: string;
  checkType: boolean;
}

/** PersonRealAuth is the authentication form. */
export interface PersonRealAuth {
  certFrontId: string;
  certBackId: string;
  certTakeId: string;
  certDetailAddr: string;
}

export interface EnterpriseDto {
  type: string;
  name: string;
  certType: string;
  certNum: string;
  province: string;
  city: string;
  area: string;
  detailAddr: string;
  industry: string;
  capital: string;
  capitalUnit: string;
  capitalCurrency: string;
  enterpriseId: string;
}

export interface LegalPersonDto {
  name: string;
  certType: string;
  certNum: string;
  personFrontId: string;
  personBackId: string;
  linkName: string;
  linkPhone: string;
  checkCodeId?: string;
  checkCode?: string;
}

/** EnterpriseRealAuth is the enterprise authentication payload. */
export interface EnterpriseRealAuth {
  enterpriseId: string;
  personFrontId: string;
  personBackId: string;
}

/** Progress is GET /api/register/progress: where to resume, with what was saved. */
export interface Progress {
  accountId: number;
  userName: string;
  phone: string;
  type: number;
  registerProcess: number;
  step: number;
  authState: number;
  person: (PersonRealInfo & { certFrontId: string; certBackId: string; certTakeId: string; certAddress: string }) | null;
  enterprise: { enterpriseDto: EnterpriseDto; legalPersonDto: LegalPersonDto } | null;
}

/** LegalDocument is the agreement or the privacy notice. */
export interface LegalDocument {
  title: string;
  version: string;
  preamble: string;
  sections: { title: string; paragraphs: string[] }[];
}

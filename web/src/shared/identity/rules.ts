/**
 * The client's copy of the identity rules shared by registration (01 §5) and the account
 * centre (02 §5): phone, capital, certificate numbers. The server enforces every one of
 * them (internal/certno, internal/registration); these only spare the user a round trip,
 * so they must never be stricter than the server.
 */

/** ACCOUNT_RE is the login-name rule (docs/spec/DECISIONS.md): registration, rename and staff accounts. */
export const ACCOUNT_RE = /^[A-Za-z][A-Za-z0-9]{3,15}$/;

/** PHONE_RE is a mainland mobile number: 11 digits, 1 then 3–9. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

/** EMAIL_RE is the server's e-mail address pattern (internal/sms ValidEmail). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** CAPITAL_RE is registered capital as exact text: up to 15 integer digits and 6 decimals. */
export const CAPITAL_RE = /^\d{1,15}(\.\d{1,6})?$/;

/** Certificate type values of GET /api/common/config that carry a check character. */
export const CertType = {
  /** Person: 居民身份证 (GB 11643). */
  residentId: '1',
  /** Person: 港澳居民居住证 and 台湾居民居住证 (ID-card layout, 81/82/83 prefixes). */
  hkMacaoPermit: '237',
  taiwanPermit: '238',
  /** Enterprise: 统一社会信用代码 (GB 32100). */
  creditCode: '1',
  /** Enterprise: 其他有效证件, not allowed for type A1. */
  otherEnterprise: '2',
} as const;

/** DOMESTIC_ENTERPRISE is 境内企业, which must use the unified social credit code. */
export const DOMESTIC_ENTERPRISE = 'A1';

/** The lengths of a graphic code and an SMS code (internal/captcha, internal/sms). */
export const GRAPHIC_CODE_LENGTH = 4;
export const SMS_CODE_LENGTH = 6;

/** LONG_TERM_END is the end date a long-term certificate stores (identity.LongTermEnd). */
export const LONG_TERM_END = '9999-12-31';

/** stripSpaces removes every white space (01 §5: spaces are stripped). */
export function stripSpaces(s: string): string {
  return s.replace(/\s+/g, '');
}

/**
 * spaceless is what a field keeps of a typed or pasted value (01 §5, 02 §5): spaces stripped
 * first, then cut to max characters. The other order (the browser's maxLength cutting a paste,
 * then the strip) lost digits: a pasted `138 0013 8000` became `138001380`.
 */
export function spaceless(value: string, max?: number): string {
  const s = stripSpaces(value);
  if (max === undefined) return s;
  const chars = Array.from(s);
  return chars.length > max ? chars.slice(0, max).join('') : s;
}

/** normalizeCertNum is a certificate number as the server stores it: no spaces, upper case. */
export function normalizeCertNum(s: string): string {
  return stripSpaces(s).toUpperCase();
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** birthDateOk is the server's plausibility check: a real date from 1900 up to today. */
function birthDateOk(d: string): boolean {
  const [y, m, day] = [Number(d.slice(0, 4)), Number(d.slice(4, 6)), Number(d.slice(6, 8))];
  const t = new Date(y, m - 1, day);
  return y >= 1900 && t.getFullYear() === y && t.getMonth() === m - 1 && t.getDate() === day && t <= new Date();
}

/** residentIdOk checks an 18-character ID number: digits, birth date and the GB 11643 check character. */
export function residentIdOk(raw: string): boolean {
  const s = raw.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17] && birthDateOk(s.slice(6, 14));
}

/** residencePermitOk checks a 港澳台 residence permit: the ID-card layout with an 81/82/83 prefix. */
export function residencePermitOk(raw: string): boolean {
  return /^8[123]0000/.test(raw) && residentIdOk(raw);
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** creditCodeOk checks a unified social credit code: GB 32100 characters, division digits and check character. */
export function creditCodeOk(raw: string): boolean {
  const s = raw.toUpperCase();
  if (s.length !== 18 || !/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(s.charAt(i)) * (CREDIT_WEIGHTS[i] ?? 0);
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31] === s[17];
}

/** OTHER_PERSON_CERT_RE is a certificate without a check character (passports, permits): 5–30 characters. */
export const OTHER_PERSON_CERT_RE = /^[A-Z0-9()（）-]{5,30}$/;

/** OTHER_ENTERPRISE_CERT_RE is an enterprise certificate without a check character: 4–40 characters. */
export const OTHER_ENTERPRISE_CERT_RE = /^[A-Z0-9()（）-]{4,40}$/;

/** personCertNumOk checks a person's certificate number for its type, as the server does. */
export function personCertNumOk(certType: string, raw: string): boolean {
  const s = normalizeCertNum(raw);
  switch (certType) {
    case CertType.residentId:
      return residentIdOk(s);
    case CertType.hkMacaoPermit:
    case CertType.taiwanPermit:
      return residencePermitOk(s);
    default:
      return OTHER_PERSON_CERT_RE.test(s);
  }
}

/** personCertHasCheckDigit tells which message a failed personCertNumOk gets (18-digit or general). */
export function personCertHasCheckDigit(certType: string): boolean {
  return certType === CertType.residentId || certType === CertType.hkMacaoPermit || certType === CertType.taiwanPermit;
}

/** enterpriseCertNumOk checks an enterprise certificate number for its type, as the server does. */
export function enterpriseCertNumOk(certType: string, raw: string): boolean {
  const s = normalizeCertNum(raw);
  return certType === CertType.creditCode ? creditCodeOk(s) : OTHER_ENTERPRISE_CERT_RE.test(s);
}

/** enterpriseCertTypeAllowed refuses 其他有效证件 for a domestic (A1) enterprise. */
export function enterpriseCertTypeAllowed(entType: string | undefined, certType: string | undefined): boolean {
  return !(entType === DOMESTIC_ENTERPRISE && certType === CertType.otherEnterprise);
}

/**
 * The client's copy of the registration rules (01 §5, DECISIONS.md). The server
 * enforces every one of them; these only spare the user a round trip.
 */

export const ACCOUNT_RE = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const CAPITAL_RE = /^\d{1,15}(\.\d{1,6})?$/;

/** kinds counts the kinds of characters among digit, lower, upper, special. */
function kinds(pw: string): number {
  let n = 0;
  if (/\d/.test(pw)) n++;
  if (/[a-z]/.test(pw)) n++;
  if (/[A-Z]/.test(pw)) n++;
  if (/[^A-Za-z0-9]/.test(pw)) n++;
  return n;
}

/** passwordOk mirrors the password rule: person 8–20 with 2 kinds, enterprise 13–20 with 3. */
export function passwordOk(pw: string, enterprise: boolean): boolean {
  const [min, need] = enterprise ? [13, 3] : [8, 2];
  return pw.length >= min && pw.length <= 20 && !/\s/.test(pw) && kinds(pw) >= need;
}

/** Strength is the meter's level; null below 6 characters (no meter). */
export type Strength = 'weak' | 'medium' | 'strong' | null;

/** strength is the meter of 01 §5. */
export function strength(pw: string): Strength {
  if (pw.length < 6) return null;
  if (pw.length >= 10 && /[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw) && /\W/.test(pw)) return 'strong';
  const two = [/[A-Z]/, /[a-z]/, /\d/].filter((r) => r.test(pw)).length >= 2;
  if (pw.length >= 8 && two) return 'medium';
  return 'weak';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** residentIdOk checks an 18-character ID number's format and GB 11643 check character. */
export function residentIdOk(raw: string): boolean {
  const s = raw.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17];
}

/** stripSpaces removes every white space (01 §5: spaces are stripped). */
export function stripSpaces(s: string): string {
  return s.replace(/\s+/g, '');
}

/** LONG_TERM_END is the end date of a long-term certificate. */
export const LONG_TERM_END = '9999-12-31';

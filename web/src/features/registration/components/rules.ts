/**
 * The client's copy of the registration-only rule (01 §5, DECISIONS.md): the password and
 * its strength meter. The identity rules registration shares with the account centre
 * (account name, phone, capital, certificate numbers) are in @/shared/identity. The server
 * enforces every one.
 */


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

/** LONG_TERM_END is the end date of a long-term certificate. */
export const LONG_TERM_END = '9999-12-31';

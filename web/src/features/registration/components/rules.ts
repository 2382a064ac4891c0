/**
 * The registration-only rules (01 §5, docs/spec/DECISIONS.md): the password's strength meter. The rules
 * registration shares with the account centre (password, account name, phone, capital,
 * certificate numbers) are in @/shared/identity. The server enforces every one.
 */

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

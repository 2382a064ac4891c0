/**
 * staffName is how the console names a staff member: the display name, or the account name
 * when none was given (the display name is optional at creation, and an empty 姓名 cell or
 * header reads as a missing person).
 */
export function staffName(s: { displayName?: string | null; account: string }): string {
  return s.displayName?.trim() || s.account;
}

/**
 * passwordOk is the server's password rule (internal/password, docs/spec/DECISIONS.md), the one copy the
 * registration, recovery, account-security and staff forms check before sending: a person's
 * password has 8–20 characters with at least 2 of {digit, lower, upper, special}; an
 * enterprise's (and a staff member's) 13–20 with at least 3. Only printable ASCII without
 * spaces: a space or a Chinese character would be typed differently on another keyboard.
 */
export function passwordOk(pw: string, enterprise: boolean): boolean {
  const [min, need] = enterprise ? [13, 3] : [8, 2];
  if (pw.length < min || pw.length > 20 || !/^[\x21-\x7e]+$/.test(pw)) return false;
  return [/\d/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/].filter((re) => re.test(pw)).length >= need;
}

/** passwordRule is passwordOk as a form field's rule answering message; an empty field is the required rule's. */
export function passwordRule(enterprise: boolean, message: string) {
  return { validator: (_: unknown, v?: string) => (!v || passwordOk(v, enterprise) ? Promise.resolve() : Promise.reject(new Error(message))) };
}

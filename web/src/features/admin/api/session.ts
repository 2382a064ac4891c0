/**
 * The staff token, kept apart from the portal's `token` (localStorage key `adminToken`): a
 * staff member and an account holder may use one browser, and neither token works on the
 * other's API anyway.
 */
export const ADMIN_TOKEN_KEY = 'adminToken';

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  try {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}

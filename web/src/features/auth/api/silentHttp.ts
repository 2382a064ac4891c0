import { createHttpClient } from '@/shared/api/http';
import { clearSession, getToken } from '@/shared/session';

/**
 * silentHttp is the shared client for a silent sign-in request (prompt=none): it sends the
 * portal session as every call does, but a refused session shows nothing (no toast, no trip
 * to the login form), since the page must not ask the user anything; SilentResume answers the
 * client instead.
 */
export const silentHttp = createHttpClient({
  session: { getToken, getBackUrl: () => null, clearSession },
  toast: { error: () => {}, warning: () => {} },
  navigate: () => {},
});

/** authRequestOf is the provider's request id in an authorize_uri that resumes one (auth_request=…), or null. */
export function authRequestOf(authorizeUri: string): string | null {
  const q = authorizeUri.split('?')[1];
  return q ? new URLSearchParams(q).get('auth_request') : null;
}

/** loginRequiredPath is where a silent request goes when the page holds no usable session (a navigation: it redirects to the client). */
export function loginRequiredPath(id: string): string {
  return `/api/sso/requests/${encodeURIComponent(id)}/login-required`;
}

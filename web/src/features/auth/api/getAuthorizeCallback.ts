import type { ResponseData } from '@/shared/api/contract';
import { http } from '@/shared/api/http';

/**
 * isAuthorizeUri reports whether a decoded authorize_uri is our own authorisation call
 * (a same-origin path under /api/auth/authorize). Anything else is refused before it is
 * fetched, so the login page never becomes an open redirect.
 */
export function isAuthorizeUri(uri: string): boolean {
  return /^\/api\/auth\/authorize(\?|$)/.test(uri);
}

/** isProviderResume reports whether an authorize_uri resumes an OpenID Connect request (auth_request=…, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"). */
export function isProviderResume(uri: string): boolean {
  return isAuthorizeUri(uri) && /[?&]auth_request=/.test(uri);
}

/**
 * realNameRefusal is why the login page refuses an account in authState before the authorize
 * call, or null. The spec's authorize_uri flow (01 §4) refuses authState 0 and 99 here. An
 * OpenID Connect request resumed by auth_request (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)") is not refused here: only a client
 * registered as requiring real-name refuses, and the provider knows which, so its answer (with
 * the same messages) decides.
 */
export function realNameRefusal(uri: string, authState: number): 'notSubmitted' | 'notPassed' | null {
  if (isProviderResume(uri)) return null;
  if (authState === 0) return 'notSubmitted';
  if (authState === 99) return 'notPassed';
  return null;
}

/** getAuthorizeCallback fetches the decoded authorize_uri; its data is the callback address (01 §4). */
export function getAuthorizeCallback(uri: string) {
  // The decoded uri carries its own query (client_id, redirect_uri, state), so it goes as it is.
  return http.get<ResponseData<'/api/auth/authorize', 'get'>>(uri, { silent: true });
}

/**
 * authorizeRedirect is where the browser goes after the authorize call (01 §4): the callback
 * address with &loginType appended (? when the callback has no query yet), so the calling
 * system knows how the user came; without a loginType the callback is left as it is.
 */
export function authorizeRedirect(callback: string, loginType: string | null): string {
  if (!loginType) return callback;
  const sep = callback.includes('?') ? '&' : '?';
  return `${callback}${sep}loginType=${encodeURIComponent(loginType)}`;
}

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

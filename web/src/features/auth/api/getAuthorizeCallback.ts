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

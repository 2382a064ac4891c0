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
export function getAuthorizeCallback(uri: string): Promise<string> {
  return http.get<string>(uri, { silent: true });
}

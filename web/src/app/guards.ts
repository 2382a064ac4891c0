import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { isKindPage, ownPage } from '@/features/account/ownPage';
import { getUserType, hasToken, UserType } from '@/shared/session/session';

/** GuardRedirect is where a guard sends a move instead of its page, and the warning it raises. */
export interface GuardRedirect {
  to: string;
  warning?: string;
}

/**
 * requireAuth guards every route declared with `requireAuth: true` (02 §2): without a stored
 * token it warns token已失效，请重新登录！ and sends the user to login before the page's code is
 * even loaded. A token the server no longer accepts is caught by the HTTP client (401/420) on
 * the page's first call.
 */
export function requireAuth(): GuardRedirect | null {
  return hasToken() ? null : { to: paths.login, warning: zhCN.guard.tokenExpired };
}

/**
 * ownKindPage guards an account-centre page that exists once per account kind (ownPage): an
 * account of the other kind is sent to its own counterpart before the page renders. Without a
 * token requireAuth (which the account centre declares) sends the user to login.
 */
export function ownKindPage(path: string): GuardRedirect | null {
  if (!hasToken() || !isKindPage(path)) return null;
  const own = ownPage(path, getUserType() === UserType.Enterprise);
  return own === path ? null : { to: own };
}

/**
 * guard runs the guards of the matched routes (outermost first): what the first one that
 * objects says, or null when the page may show. The root layout calls it while rendering, for
 * every location, a hash change within the document included (docs/decisions/usability.md, "A careful user's findings (behaviour items)"), and renders the
 * redirect in the page's place, keyed by the location: a <Navigate> that stayed mounted with
 * the same target once missed a second move to the other kind's page.
 */
export function guard(matched: ReadonlyArray<{ path?: string; requireAuth?: boolean }>): GuardRedirect | null {
  for (const r of matched) {
    const redirect = (r.requireAuth ? requireAuth() : null) ?? (r.path ? ownKindPage(r.path) : null);
    if (redirect) return redirect;
  }
  return null;
}

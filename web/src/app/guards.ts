import { redirect } from 'react-router';
import { toast } from '@/shared/feedback/toast';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { ownPage } from '@/features/account/ownPage';
import { getUserType, hasToken, UserType } from '@/shared/session/session';

/**
 * requireAuth is the loader of every route declared with `requireAuth: true`
 * (02 §2): without a stored token it warns token已失效，请重新登录！ and sends the
 * user to login before the page's code is even loaded. A token the server no
 * longer accepts is caught by the HTTP client (401/420) on the page's first call.
 */
export function requireAuth(): null {
  if (!hasToken()) {
    toast.warning(zhCN.guard.tokenExpired, 'bidpass-guard');
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's redirect is thrown by design
    throw redirect(paths.login);
  }
  return null;
}

/**
 * ownKindPage is the loader of an account-centre page that exists once per account kind
 * (ownPage): an account of the other kind is sent to its own counterpart before the page
 * renders, on every navigation, a hash change within the document included (issue 18). A
 * redirect rendered by the layout (<Navigate>) missed a hash change that followed its own
 * redirect: the same <Navigate> with the same target stayed mounted and did not run again.
 * Without a token the layout's requireAuth sends the user to login.
 */
export function ownKindPage(path: string): () => null {
  return () => {
    if (!hasToken()) return null;
    const own = ownPage(path, getUserType() === UserType.Enterprise);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's redirect is thrown by design
    if (own !== path) throw redirect(own);
    return null;
  };
}

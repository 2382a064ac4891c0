import { redirect } from 'react-router';
import { toast } from '@/shared/feedback/toast';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { hasToken } from '@/shared/session/session';

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

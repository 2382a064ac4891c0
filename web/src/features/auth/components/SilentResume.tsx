import { useEffect } from 'react';
import type { ResponseData } from '@/shared/api/contract';
import lightStyles from '@/shared/light/light.module.css';
import { Spinner } from '@/shared/light/Spinner';
import { hasToken } from '@/shared/session';
import { authRequestOf, loginRequiredPath, silentHttp } from '../api/silentHttp';

const assign = (u: string) => window.location.assign(u);

/**
 * SilentResume answers a silent OpenID Connect request (prompt=none, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)") without showing
 * anything to sign in with: holding a portal session, it resumes the request (the provider's
 * callback with the code, or the client with consent_required / login_required); holding none,
 * or one the server refuses, it sends the browser to login-required, which returns to the client
 * with error=login_required.
 */
export function SilentResume({ authorizeUri, go = assign }: { authorizeUri: string; go?: (u: string) => void }) {
  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      if (!cancelled) go(loginRequiredPath(authRequestOf(authorizeUri) ?? ''));
    };
    if (!hasToken()) {
      fail();
      return;
    }
    silentHttp.get<ResponseData<'/api/auth/authorize', 'get'>>(authorizeUri, { silent: true }).then((next) => {
      if (!cancelled) go(next);
    }, fail);
    return () => {
      cancelled = true;
    };
  }, [authorizeUri, go]);
  // Drawn without antd: this is the login route, which loads without it (docs/decisions/frontend-load.md, "Front-end load").
  return (
    <div className={lightStyles.fullscreen} aria-busy="true" data-testid="sso-silent">
      <Spinner size="large" />
    </div>
  );
}

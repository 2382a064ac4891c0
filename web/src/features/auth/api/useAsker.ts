import { useEffect, useState } from 'react';
import type { ResponseData } from '@/shared/api/contract';
import { http } from '@/shared/api/http';
import { authRequestOf } from './silentHttp';
import { isAuthorizeUri, isProviderResume } from './getAuthorizeCallback';

/** ACR_CERTIFICATE is the certificate level of the provider's acr ladder (docs/sso.md): the page opens the 数字证书 tab. */
export const ACR_CERTIFICATE = 'urn:bidpass:acr:certificate';

type LoginInfo = ResponseData<'/api/sso/requests/{id}/login', 'get'>;

/**
 * Asker is who asked for the sign-in the login page is for: the application's name (its
 * registered name for an OpenID Connect request, the client_id of the older authorize_uri flow)
 * and the level the request needs; gone when the provider does not know the request for this
 * browser (an expired one, or a link with another browser's request).
 */
export type Asker = { name: string; acr: string } | 'gone' | null;

/** useAsker tells the login page who asked for the sign-in (docs/decisions/newcomer-fixes.md, "loginType=basics shows 立即注册 and 忘记密码": against phishing too). */
export function useAsker(authorizeUri: string | null): Asker {
  const request = authorizeUri && isProviderResume(authorizeUri) ? authRequestOf(authorizeUri) : null;
  const legacy = !request && authorizeUri && isAuthorizeUri(authorizeUri) ? new URLSearchParams(authorizeUri.split('?')[1] ?? '').get('client_id') : null;
  const [info, setInfo] = useState<Asker>(null);
  useEffect(() => {
    if (!request) return;
    let cancelled = false;
    http.get<LoginInfo>(`/api/sso/requests/${encodeURIComponent(request)}/login`, { anonymous: true, silent: true }).then(
      (i) => !cancelled && setInfo({ name: i.clientName, acr: i.acr }),
      () => !cancelled && setInfo('gone'),
    );
    return () => {
      cancelled = true;
    };
  }, [request]);
  if (legacy) return { name: legacy, acr: '' };
  return request ? info : null;
}

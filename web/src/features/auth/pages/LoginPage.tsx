import { Suspense, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/shared/api/http';
import { useCertificateSlots } from '@/shared/certificateSlots';
import { toast } from '@/shared/feedback/toast';
import lightStyles from '@/shared/light/light.module.css';
import { Spinner } from '@/shared/light/Spinner';
import { Tabs } from '@/shared/light/Tabs';
import { SiteLogo } from '@/shared/components/SiteLogo';
import { useRuntimeConfig } from '@/shared/config';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { clearSession, saveSignIn, setBackUrl } from '@/shared/session';
import { authorizeRedirect, getAuthorizeCallback, isAuthorizeUri, isProviderResume, realNameRefusal } from '../api/getAuthorizeCallback';
import type { SignInResponse } from '../api/signIn';
import styles from '../components/login.module.css';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { SilentResume } from '../components/SilentResume';
import { ACR_CERTIFICATE, useAsker } from '../api/useAsker';

const t = zhCN.login;

/**
 * LoginPage is / (01 §2 登录, §4 password login): tabs 账号密码 and 数字证书, the query
 * parameters loginType and authorize_uri, and where the user goes after signing in. Every
 * visit starts here, so the page is drawn with the light controls and loads without antd
 * (docs/decisions/frontend-load.md, "Front-end load": 150 KiB of JavaScript); the slider and the certificate tab bring antd when opened.
 */
export default function LoginPage() {
  const { siteTitle } = useRuntimeConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginType = params.get('loginType');
  // useSearchParams has decoded the escaped authorize_uri once.
  const authorizeUri = params.get('authorize_uri');
  const certificate = useCertificateSlots();
  // A silent request (prompt=none) shows no page to name the asker on, and its resume ends the
  // request: asking as well only raced the resume into a 404.
  const silent = authorizeUri !== null && params.get('prompt') === 'none' && isProviderResume(authorizeUri);
  const asker = useAsker(silent ? null : authorizeUri);
  const needsCertificate = asker !== null && asker !== 'gone' && asker.acr === ACR_CERTIFICATE;

  // The back-address is kept while authorize_uri is present and removed otherwise.
  useEffect(() => {
    setBackUrl(authorizeUri && authorizeUri !== '' ? authorizeUri : null);
  }, [authorizeUri]);

  // A silent OpenID Connect request (prompt=none, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)") must not show the form (hooks above it run either way).
  if (silent) {
    return <SilentResume authorizeUri={authorizeUri} />;
  }

  async function afterSignIn({ accessToken, user }: SignInResponse) {
    saveSignIn({
      token: accessToken,
      userName: user.userName,
      userId: String(user.id),
      userType: user.type,
      registerProcess: user.registerProcess === 1,
    });
    if (user.registerProcess === 1) {
      await navigate(`${paths.completeInfo}?accountId=${user.id}&isPerson=${user.type === 1}`);
      return;
    }
    if (authorizeUri) {
      // Refused here: the session just stored must not stay behind (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
      const refusal = realNameRefusal(authorizeUri, user.authState);
      if (refusal) {
        clearSession();
        toast.error(t[refusal]);
        return;
      }
      if (!isAuthorizeUri(authorizeUri)) {
        clearSession();
        toast.error(t.authorizeBad);
        return;
      }
      try {
        window.location.assign(authorizeRedirect(await getAuthorizeCallback(authorizeUri), loginType));
      } catch (e) {
        clearSession();
        toast.error(e instanceof ApiError && !e.isNoAnswer ? e.msg : t.authorizeFailed);
      }
      return;
    }
    await navigate(paths.accountCenterPage);
  }

  return (
    <div className={`${styles.wrap} ${lightStyles.root}`} data-testid="login-page">
      <div className={`${lightStyles.card} ${styles.card}`}>
        <div className={styles.title}>
          <SiteLogo className={styles.logo} />
          <div className={styles.site}>{siteTitle}</div>
          <h1>{t.title}</h1>
        </div>
        {asker !== null && (
          <div className={styles.asker} role="status" data-testid="login-asker">
            {asker === 'gone' ? t.requestGone : needsCertificate ? t.needCertificate(asker.name) : t.asks(asker.name)}
          </div>
        )}
        <Tabs
          select={needsCertificate ? 'cert' : undefined}
          items={[
            { key: 'password', label: t.tabPassword, children: <PasswordLoginForm onSignedIn={afterSignIn} /> },
            {
              key: 'cert',
              label: t.tabCert,
              // The tab's code (and antd, app/certificateSlots.ts) loads when the tab first opens:
              // a pane renders on first activation.
              children: certificate ? (
                <Suspense fallback={<div className={lightStyles.notice}><Spinner /></div>}>
                  <certificate.SignIn onSignedIn={afterSignIn} />
                </Suspense>
              ) : (
                <div className={lightStyles.notice} data-testid="cert-coming">
                  {t.certComing}
                </div>
              ),
            },
          ]}
        />
        {/* 01 §2 says both that basics shows the register link and that the links appear only
            without loginType: the rule named for basics wins, and 忘记密码 stays beside it (a user
            sent from the basic system who forgot the password has no other way in). Any other
            loginType, set by an embedding system, shows neither (docs/decisions/newcomer-fixes.md). */}
        {(loginType === null || loginType === 'basics') && (
          <div className={styles.links}>
            <Link to={paths.registerFrame}>{t.register}</Link>
            <Link to={paths.forgetPwd}>{t.forgot}</Link>
          </div>
        )}
      </div>
    </div>
  );
}

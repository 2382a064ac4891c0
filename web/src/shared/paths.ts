/**
 * Every route path of the portal (01 §2, 02 §2). The router uses hash mode, so
 * these are the parts after `#`. src/app/routes.tsx binds each path to its page;
 * code elsewhere links with these constants and never spells a path itself.
 */
export const paths = {
  login: '/',

  registerFrame: '/registerFrame',
  registerPersonal: '/register/personal',
  registerLegalPerson: '/register/legalPerson',
  forgetPwd: '/register/forgetPwd',
  completeInfo: '/completeInfo',

  supplyFrame: '/supplyFrame',
  findPwd: '/supply/findPwd',
  mobileOrEmail: '/supply/findPwd/mobileOrEmail',
  /** Recovery by a bound certificate (01 §2's certificate card; docs/spec/DECISIONS.md: it works). */
  certificateRecovery: '/supply/findPwd/certificate',
  findAccount: '/supply/findAccount',

  accountCenterPage: '/accountCenterPage',
  accountCenter: {
    root: '/accountCenter',
    essentialInformation: '/accountCenter/personal/essentialInformation',
    legalPersonInformation: '/accountCenter/legalPerson/legalPersonInformation',
    authenticationModes: '/accountCenter/personal/authenticationModes',
    accountSecurity: '/accountCenter/personal/accountSecurity',
    thirdPartyAccount: '/accountCenter/personal/thirdPartyAccount',
    editEssentialInformation: '/accountCenter/personal/editEssentialInformation',
    personalManualAuthentication: '/accountCenter/personal/personalManualAuthentication',
    editLegalPersonInformation: '/accountCenter/legalPerson/editLegalPersonInformation',
    legalPersonalManualAuthentication: '/accountCenter/legalPerson/legalPersonalManualAuthentication',
    enterpriseLegalPerson: '/accountCenter/enterpriseLegalPerson',
    modifyRecord: '/accountCenter/modifyRecord',
    devices: '/accountCenter/personal/devices',
    caCertificate: '/accountCenter/CAcertificate',
  },
  basicCaCertificate: '/basic/CAcertificate',
  basicEnterpriseLegalPerson: '/basic/enterpriseLegalPerson',

  admin: '/admin',

  /** The single sign-on consent page (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): a system that is not first-party asks to sign the user in. */
  ssoConsent: '/sso/consent',

  devOutbox: '/dev/outbox',
  devCaptcha: '/dev/captcha',
  devApi: '/dev/api',

  error: (status: number | string) => `/error/${status}`,
} as const;

/** loginPath returns the login route, carrying the kept back-address as authorize_uri when there is one. */
export function loginPath(backUrl: string | null): string {
  return backUrl ? `${paths.login}?authorize_uri=${encodeURIComponent(backUrl)}` : paths.login;
}

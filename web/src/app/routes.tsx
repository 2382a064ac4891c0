/**
 * THE route table of the portal (01 §2, 02 §2). Hash routes: every path below is
 * the part after `#`. Paths are spelled once, in src/shared/paths.ts.
 *
 * Each entry declares, next to its path:
 * - `page`: the page component, lazy-loaded, so a route downloads only its own code;
 * - `redirectTo`: instead of a page, go there (replacing the history entry);
 * - `title`: the page name in the document title;
 * - `header: false`: no AppHeader; `background: true`: the BackgroundFrame;
 * - `requireAuth: true`: without a token, warn and go to login (guards.ts).
 * - `light: true`: the page draws without antd, which then does not load (the login page, docs/decisions/frontend-load.md, "Front-end load");
 * - `wide: true`: the page fills the width below the header with its own side menu
 *   (account centre, staff console), instead of the centred 1200 px column.
 * A layout entry (a page with `children`) renders <Outlet/>; its flags apply to
 * its children. The app renders the table with react-router's declarative <Routes> (useRoutes):
 * no loaders, so the data router's code is not in any page's bundle (docs/decisions/frontend-load.md, "Front-end load"); the root layout
 * runs the guards and matches the table itself for the chrome (RootLayout, routeMeta.ts). react-router requires a child's absolute path to start with its
 * parent's path, so the spec's frames whose children live elsewhere
 * (/registerFrame → /register/personal) are pathless layouts here.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteError, RouteErrorBoundary } from '@/features/errors/components/RouteErrorBoundary';
import { AdmissionSlotsContext } from '@/shared/admissionSlots';
import { CertificateSlotsContext } from '@/shared/certificateSlots';
import { PageLoading } from '@/shared/components/PageLoading';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { ssoText } from '@/shared/locales/sso';
import { admissionSlots } from './admissionSlots';
import { certificateSlots } from './certificateSlots';
import { RootLayout } from './RootLayout';
import { DropPrerendered } from './staticLogin';
import type { RouteMeta } from './routeMeta';

type Page = LazyExoticComponent<ComponentType>;

/** AppRoute is one entry of the table. */
export interface AppRoute extends RouteMeta {
  path?: string;
  index?: true;
  page?: Page;
  redirectTo?: string;
  children?: AppRoute[];
}

const p = zhCN.pages;

// auth
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
// registration
const RegisterFrame = lazy(() => import('@/features/registration/pages/RegisterFrame'));
const RegisterLegalPersonPage = lazy(() => import('@/features/registration/pages/RegisterLegalPersonPage'));
const RegisterPersonalPage = lazy(() => import('@/features/registration/pages/RegisterPersonalPage'));
const CompleteInfoPage = lazy(() => import('@/features/registration/pages/CompleteInfoPage'));
// recovery
const ForgetPwdPage = lazy(() => import('@/features/recovery/pages/ForgetPwdPage'));
const SupplyFrame = lazy(() => import('@/features/recovery/pages/SupplyFrame'));
const FindPwdPage = lazy(() => import('@/features/recovery/pages/FindPwdPage'));
const MobileOrEmailPage = lazy(() => import('@/features/recovery/pages/MobileOrEmailPage'));
const CertificateRecoveryPage = lazy(() => import('@/features/recovery/pages/CertificateRecoveryPage'));
const FindAccountPage = lazy(() => import('@/features/recovery/pages/FindAccountPage'));
// account
const AccountCenterPage = lazy(() => import('@/features/account/pages/AccountCenterPage'));
const AccountCenterLayout = lazy(() => import('@/features/account/pages/AccountCenterLayout'));
const EssentialInformationPage = lazy(() => import('@/features/account/pages/EssentialInformationPage'));
const LegalPersonInformationPage = lazy(() => import('@/features/account/pages/LegalPersonInformationPage'));
const AuthenticationModesPage = lazy(() => import('@/features/account/pages/AuthenticationModesPage'));
const AccountSecurityPage = lazy(() => import('@/features/account/pages/AccountSecurityPage'));
const ThirdPartyAccountPage = lazy(() => import('@/features/account/pages/ThirdPartyAccountPage'));
const EditEssentialInformationPage = lazy(() => import('@/features/account/pages/EditEssentialInformationPage'));
const PersonalManualAuthenticationPage = lazy(
  () => import('@/features/account/pages/PersonalManualAuthenticationPage'),
);
const EditLegalPersonInformationPage = lazy(() => import('@/features/account/pages/EditLegalPersonInformationPage'));
const LegalPersonalManualAuthenticationPage = lazy(
  () => import('@/features/account/pages/LegalPersonalManualAuthenticationPage'),
);
const ModifyRecordPage = lazy(() => import('@/features/account/pages/ModifyRecordPage'));
const DevicesPage = lazy(() => import('@/features/account/pages/DevicesPage'));
// certificates: the CA certificate screen serves both of its routes
const CaCertificatePage = lazy(() => import('@/features/certificates/pages/CaCertificatePage'));
// operators: a person's 我的企业, an enterprise's 我的经办人 (both operator-link routes show it)
const OperatorsPage = lazy(() => import('@/features/operators/pages/OperatorsPage'));
// admin
const AdminPage = lazy(() => import('@/features/admin/pages/AdminPage'));

const ConsentPage = lazy(() => import('@/features/sso/pages/ConsentPage'));
// dev
const OutboxPage = lazy(() => import('@/features/dev/pages/OutboxPage'));
const CaptchaDemoPage = lazy(() => import('@/features/dev/pages/CaptchaDemoPage'));
const ApiReferencePage = lazy(() => import('@/features/dev/pages/ApiReferencePage'));
// errors
const ErrorStatusPage = lazy(() => import('@/features/errors/pages/ErrorStatusPage'));
const NotFoundPage = lazy(() => import('@/features/errors/pages/NotFoundPage'));

const ac = paths.accountCenter;

export const routeTable: AppRoute[] = [
  { index: true, page: LoginPage, title: p.login, header: false, background: true, light: true },

  // Registration (01 §2): the frame's tabs; 单位注册 is the default tab.
  {
    page: RegisterFrame,
    header: false,
    background: true,
    children: [
      { path: paths.registerFrame, redirectTo: paths.registerLegalPerson },
      { path: paths.registerLegalPerson, page: RegisterLegalPersonPage, title: p.registerUnit },
      { path: paths.registerPersonal, page: RegisterPersonalPage, title: p.registerPersonal },
    ],
  },
  { path: paths.forgetPwd, page: ForgetPwdPage, title: p.forgetPwd, header: false, background: true },
  { path: paths.completeInfo, page: CompleteInfoPage, title: p.completeInfo, background: true },
  // Single sign-on consent (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): after the login page, for systems that are not first-party.
  { path: paths.ssoConsent, page: ConsentPage, title: ssoText.title, requireAuth: true, background: true },

  // Account recovery (01 §2): tabs findPwd and findAccount.
  {
    page: SupplyFrame,
    children: [
      { path: paths.supplyFrame, redirectTo: paths.findPwd },
      { path: paths.findPwd, page: FindPwdPage, title: p.findPwd },
      { path: paths.mobileOrEmail, page: MobileOrEmailPage, title: p.mobileOrEmail },
      { path: paths.certificateRecovery, page: CertificateRecoveryPage, title: zhCN.recovery.methodCertTitle },
      { path: paths.findAccount, page: FindAccountPage, title: p.findAccount },
    ],
  },

  // Account centre (02 §2).
  { path: paths.accountCenterPage, page: AccountCenterPage, title: p.accountCenterPage, requireAuth: true },
  {
    path: ac.root,
    page: AccountCenterLayout,
    title: p.accountCenterPage,
    requireAuth: true,
    wide: true,
    children: [
      { index: true, redirectTo: ac.essentialInformation },
      { path: ac.essentialInformation, page: EssentialInformationPage, title: p.essentialInformation },
      { path: ac.legalPersonInformation, page: LegalPersonInformationPage, title: p.legalPersonInformation },
      { path: ac.authenticationModes, page: AuthenticationModesPage, title: p.authenticationModes },
      { path: ac.accountSecurity, page: AccountSecurityPage, title: p.accountSecurity },
      { path: ac.devices, page: DevicesPage, title: p.devices },
      { path: ac.thirdPartyAccount, page: ThirdPartyAccountPage, title: p.thirdPartyAccount },
      { path: ac.editEssentialInformation, page: EditEssentialInformationPage, title: p.editEssentialInformation },
      {
        path: ac.personalManualAuthentication,
        page: PersonalManualAuthenticationPage,
        title: p.personalManualAuthentication,
      },
      {
        path: ac.editLegalPersonInformation,
        page: EditLegalPersonInformationPage,
        title: p.editLegalPersonInformation,
      },
      {
        path: ac.legalPersonalManualAuthentication,
        page: LegalPersonalManualAuthenticationPage,
        title: p.legalPersonalManualAuthentication,
      },
      { path: ac.enterpriseLegalPerson, page: OperatorsPage, title: p.enterpriseLegalPerson },
      { path: ac.modifyRecord, page: ModifyRecordPage, title: p.modifyRecord },
      { path: ac.caCertificate, page: CaCertificatePage, title: p.caCertificate },
    ],
  },
  // Standalone account pages without the header (02 §2).
  {
    path: paths.basicCaCertificate,
    page: CaCertificatePage,
    title: p.basicCaCertificate,
    header: false,
    requireAuth: true,
  },
  {
    path: paths.basicEnterpriseLegalPerson,
    page: OperatorsPage,
    title: p.basicEnterpriseLegalPerson,
    header: false,
    requireAuth: true,
  },

  // Staff review console: its own sign-in and staff token (docs/spec/DECISIONS.md, Staff API); it routes below /admin itself.
  { path: `${paths.admin}/*`, page: AdminPage, title: p.admin, wide: true },

  // Development outbox (only useful with `bidpass serve --dev`).
  { path: paths.devOutbox, page: OutboxPage, title: p.outbox },
  // Captcha widgets against the real server (dev mode; the e2e tests drive them).
  { path: paths.devCaptcha, page: CaptchaDemoPage, title: '验证码演示' },
  // The HTTP contract rendered from the yaml the binary serves in dev mode (GET /api/dev/openapi.yaml).
  { path: paths.devApi, page: ApiReferencePage, title: p.devApi },

  // Errors (02 §8).
  { path: paths.error(':status'), page: ErrorStatusPage, title: p.error },
  { path: '*', page: NotFoundPage, title: p.notFound },
];

function element(r: AppRoute) {
  if (r.redirectTo !== undefined) return <Navigate to={r.redirectTo} replace />;
  if (r.page) {
    const Page = r.page;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
        {/* the prerendered login page (index.html) gives way once this page is in */}
        <DropPrerendered />
      </Suspense>
    );
  }
  return <Outlet />;
}

function toRouteObject(r: AppRoute): RouteObject {
  // The meta rides along as the route's handle: the root layout reads it from the matched routes.
  const handle: RouteMeta = {};
  if (r.title !== undefined) handle.title = r.title;
  if (r.header !== undefined) handle.header = r.header;
  if (r.background !== undefined) handle.background = r.background;
  if (r.requireAuth !== undefined) handle.requireAuth = r.requireAuth;
  if (r.wide !== undefined) handle.wide = r.wide;
  if (r.light !== undefined) handle.light = r.light;
  const common = { element: element(r), handle };
  if (r.index) return { ...common, index: true };
  return { ...common, path: r.path, children: r.children?.map(toRouteObject) };
}

/** tableRoutes are the route table as react-router routes (what the root layout matches for its chrome and guards). */
const tableRoutes: RouteObject[] = routeTable.map(toRouteObject);

/**
 * Root holds the root layout. Its boundary shows the error page without the layout when the
 * layout itself throws, and gives way to the prerendered login page's removal there too.
 */
function Root() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary
      resetKey={pathname}
      fallback={
        <>
          <DropPrerendered />
          <RouteError />
        </>
      }
    >
      <CertificateSlotsContext.Provider value={certificateSlots}>
        <AdmissionSlotsContext.Provider value={admissionSlots}>
          <RootLayout routes={tableRoutes} />
        </AdmissionSlotsContext.Provider>
      </CertificateSlotsContext.Provider>
    </RouteErrorBoundary>
  );
}

/** routes are the react-router routes: the table inside the root layout. */
export const routes: RouteObject[] = [{ element: <Root />, children: tableRoutes }];

/** AppRoutes renders the page for the current location; it goes inside a router (HashRouter in the app). */
export function AppRoutes() {
  return useRoutes(routes);
}

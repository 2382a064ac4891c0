import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSignIn, UserType } from '@/shared/session/session';
import { renderApp } from '@/test/renderApp';

// The four dialog routes of 02 §2 against the real route table: each lands on its
// host page with the dialog open, the right kind's dialog, and closing returns to the host.

const person = {
  account: 'alice1', renamed: false, phone: '13700000001', authState: 0, name: '张三', certType: '1',
  certNum: '1101**********002X', certStart: '2020-01-01', certEnd: '2040-01-01', certValid: false,
  province: '', city: '', area: '', areaName: '', detailAddr: '建国路1号', personfrontId: '', personbackId: '',
  certTakeId: '', certDetailAddr: '',
};
const enterprise = {
  enterpriseVO: {
    account: 'acme01', renamed: false, name: '路桥建设有限公司', type: '1', certType: '1', certNum: '9135**********Y43',
    province: '', city: '', area: '', areaName: '', detailAddr: '', industry: '', industryName: '', capital: '',
    capitalUnit: '', capitalCurrency: '', licenseState: '',
  },
  legalPersonVO: { name: '李四', certType: '1', certNum: '1101**********002X', personFrontId: '', personBackId: '' },
  contactVO: { name: '王五', phone: '13700000002' },
  phone: '13700000002',
  authState: 0,
};
const config = { certificatesType: [], enterpriseCertificatesType: [], enterpriseType: [], registeredCapital: [], currency: [] };

/** serve answers the account centre's calls; authState is the account's (and the manual mode's) state. */
function serve(authState: number) {
  const answers: Record<string, unknown> = {
    '/api/account/person': { ...person, authState },
    '/api/account/enterprise': { ...enterprise, authState },
    '/api/account/auth': { level: authState === 1 ? 1 : 0, items: [{ type: 'manual', state: authState }] },
    '/api/common/config': config,
    '/api/common/areas': [],
    '/api/common/industries': [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      const data = path in answers ? answers[path] : null;
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 }));
    }),
  );
}

function signIn(userType: UserType) {
  saveSignIn({ token: 'tok', userName: 'alice1', userId: '1', userType, registerProcess: false });
}

/** shownDialogs are the open dialogs: jsdom never ends antd's leave animation, so a closed one stays in the DOM with its leave class. */
const shownDialogs = () => screen.queryAllByRole('dialog').filter((d) => !d.className.includes('-leave'));

const where = (router: ReturnType<typeof renderApp>['router']) => router.location.pathname + router.location.search;

// The page and then its dialog are each fetched when first shown (both lazy, docs/decisions/frontend-load.md, "Front-end load"), and the
// page fetches its other dialogs when idle: the first fetch of a test file transforms antd's date
// picker and upload, seconds on a loaded 2-core machine. The waits are for what is shown, not a delay.
const slow = { timeout: 15_000 };

beforeEach(() => serve(0));

describe('account-centre dialog routes', () => {
  it.each([
    ['person', '/accountCenter/personal/editEssentialInformation', UserType.Person, '/accountCenter/personal/essentialInformation?dialog=edit', '修改基本信息'],
    ['person', '/accountCenter/legalPerson/editLegalPersonInformation', UserType.Person, '/accountCenter/personal/essentialInformation?dialog=edit', '修改基本信息'],
    ['enterprise', '/accountCenter/legalPerson/editLegalPersonInformation', UserType.Enterprise, '/accountCenter/legalPerson/legalPersonInformation?dialog=edit', '修改基本信息'],
    ['enterprise', '/accountCenter/personal/editEssentialInformation', UserType.Enterprise, '/accountCenter/legalPerson/legalPersonInformation?dialog=edit', '修改基本信息'],
    ['person', '/accountCenter/personal/personalManualAuthentication', UserType.Person, '/accountCenter/personal/authenticationModes?dialog=manual', '个人人工核验'],
    ['person', '/accountCenter/legalPerson/legalPersonalManualAuthentication', UserType.Person, '/accountCenter/personal/authenticationModes?dialog=manual', '个人人工核验'],
    ['enterprise', '/accountCenter/legalPerson/legalPersonalManualAuthentication', UserType.Enterprise, '/accountCenter/personal/authenticationModes?dialog=manual', '企业人工核验'],
    ['enterprise', '/accountCenter/personal/personalManualAuthentication', UserType.Enterprise, '/accountCenter/personal/authenticationModes?dialog=manual', '企业人工核验'],
  ])('a %s opening %s (userType %i) lands on %s with the dialog %s open', async (_kind, route, userType, target, title) => {
    signIn(userType);
    const { router } = renderApp(route);
    await waitFor(() => expect(where(router)).toBe(target), slow);
    await waitFor(() => expect(shownDialogs()).toHaveLength(1), slow);
    expect(shownDialogs()[0]).toHaveTextContent(title);
    // The host page is behind the dialog, not a placeholder.
    expect(screen.queryByText(/正在建设/)).not.toBeInTheDocument();
  });

  it('closing the dialog returns to the host route, and the page button opens it again', async () => {
    signIn(UserType.Person);
    const { router } = renderApp('/accountCenter/personal/editEssentialInformation');
    await screen.findByRole('dialog', {}, slow);
    await userEvent.setup().click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(where(router)).toBe('/accountCenter/personal/essentialInformation'), slow);
    await waitFor(() => expect(shownDialogs()).toHaveLength(0), slow);
    expect(screen.getByTestId('person-name')).toHaveTextContent('张三');

    await userEvent.setup().click(screen.getByTestId('edit-button'));
    await waitFor(() => expect(where(router)).toBe('/accountCenter/personal/essentialInformation?dialog=edit'));
    await waitFor(() => expect(shownDialogs()).toHaveLength(1), slow);
    expect(shownDialogs()[0]).toHaveTextContent('修改基本信息');
  });

  it('closing the manual dialog returns to the authentication modes page', async () => {
    signIn(UserType.Enterprise);
    const { router } = renderApp('/accountCenter/legalPerson/legalPersonalManualAuthentication');
    await screen.findByRole('dialog', {}, slow);
    await userEvent.setup().click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(where(router)).toBe('/accountCenter/personal/authenticationModes'), slow);
    await waitFor(() => expect(shownDialogs()).toHaveLength(0), slow);
    expect(screen.getByTestId('go-authenticate')).toBeInTheDocument();
  });

  it.each([
    ['/accountCenter/personal/editEssentialInformation', 99, '/accountCenter/personal/essentialInformation', '认证中，无法修改信息'],
    ['/accountCenter/personal/personalManualAuthentication', 99, '/accountCenter/personal/authenticationModes', '认证中，请等待审核结果'],
    ['/accountCenter/personal/personalManualAuthentication', 1, '/accountCenter/personal/authenticationModes', '已认证，无需重复提交'],
  ])('%s with authState %i does not open the dialog the page refuses: it says why and goes to %s', async (route, state, host, why) => {
    serve(state);
    signIn(UserType.Person);
    const { router } = renderApp(route);
    expect(await screen.findByText(why, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe(host), slow);
    expect(shownDialogs()).toHaveLength(0);
  });

  it('sends a visitor without a token to login', async () => {
    const { router } = renderApp('/accountCenter/personal/editEssentialInformation');
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });
});

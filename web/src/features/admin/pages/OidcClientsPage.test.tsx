import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/http';
import { bindToast } from '@/shared/feedback/toast';
import { getMe } from '../api/getMe';
import { addOidcClient, listOidcClients, newOidcClientSecret, updateOidcClient, type OidcClient } from '../api/oidcClients';
import { AdminLayout } from '../components/AdminLayout';
import OidcClientsPage from './OidcClientsPage';

vi.mock('../api/oidcClients', () => ({
  listOidcClients: vi.fn(),
  addOidcClient: vi.fn(),
  updateOidcClient: vi.fn(),
  newOidcClientSecret: vi.fn(),
  setOidcClientDisabled: vi.fn(),
}));
vi.mock('../api/getMe', () => ({ getMe: vi.fn() }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MessageApp>{ui}</MessageApp>
    </QueryClientProvider>,
  );
}

const client = (c: Partial<OidcClient>): OidcClient => ({
  clientId: 'tender',
  name: '招标系统',
  public: false,
  firstParty: true,
  requireRealName: true,
  redirectUris: ['https://tender.example.cn/cb'],
  postLogoutUris: [],
  scopes: ['openid', 'profile'],
  backchannelLogoutUri: '',
  minAcr: '',
  disabled: false,
  createdAt: '2026-11-25 10:00:00',
  ...c,
});

// The dialogs are typed into key by key: slow on a busy machine.
const typing = 30_000;

describe('OidcClientsPage', () => {
  const toasts: string[] = [];
  beforeEach(() => {
    vi.mocked(listOidcClients).mockReset().mockResolvedValue([client({})]);
    vi.mocked(addOidcClient).mockReset();
    vi.mocked(updateOidcClient).mockReset();
    vi.mocked(newOidcClientSecret).mockReset();
    toasts.length = 0;
    bindToast((_, content) => toasts.push(content));
  });

  it('lists the clients with their kind, rules and state', async () => {
    vi.mocked(listOidcClients).mockResolvedValue([client({}), client({ clientId: 'app', name: '移动端', public: true, firstParty: false, requireRealName: false, disabled: true })]);
    wrap(<OidcClientsPage />);
    const table = await screen.findByTestId('oidc-table');
    const row = (await within(table).findByText('招标系统')).closest('tr') as HTMLElement;
    expect(within(row).getByText('机密客户端')).toBeInTheDocument();
    expect(within(row).getByText('平台自有系统')).toBeInTheDocument();
    expect(within(row).getByText('要求实名认证')).toBeInTheDocument();
    expect(within(row).getByText('重置密钥')).toBeInTheDocument();
    const pub = within(table).getByText('移动端').closest('tr') as HTMLElement;
    expect(within(pub).getByText('公开客户端')).toBeInTheDocument();
    expect(within(pub).getByText('已停用')).toBeInTheDocument();
    // A public client has no secret to replace.
    expect(within(pub).queryByText('重置密钥')).toBeNull();
  });

  it('registers a client and shows its secret once, with a warning and a copy button', async () => {
    vi.mocked(addOidcClient).mockResolvedValue(client({ clientId: 'crm', name: '客户管理', clientSecret: 's3cr3t-once' }));
    const user = userEvent.setup();
    wrap(<OidcClientsPage />);
    await user.click(await screen.findByTestId('oidc-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('oidc-client-id'), 'crm');
    await user.type(within(dialog).getByTestId('oidc-name'), '客户管理');
    await user.type(within(dialog).getByTestId('oidc-redirects'), 'https://crm.example/cb{enter}  {enter}https://crm.example/cb2');
    await user.click(within(dialog).getByLabelText('刷新令牌（offline_access）'));
    await user.click(within(dialog).getByTestId('oidc-realname'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(addOidcClient).toHaveBeenCalledTimes(1));
    expect(addOidcClient).toHaveBeenCalledWith({
      clientId: 'crm',
      name: '客户管理',
      public: false,
      // 平台自有系统 is off unless the administrator switches it on (docs/decisions/newcomer-fixes.md, "loginType=basics shows 立即注册 and 忘记密码").
      firstParty: false,
      requireRealName: true,
      redirectUris: ['https://crm.example/cb', 'https://crm.example/cb2'],
      postLogoutUris: [],
      backchannelLogoutUri: '',
      scopes: ['openid', 'profile', 'offline_access'],
      minAcr: '',
    });
    expect(await screen.findByText('请保存客户端密钥')).toBeInTheDocument();
    expect(screen.getByText(/密钥只显示这一次，关闭后无法再次查看/)).toBeInTheDocument();
    expect(screen.getByTestId('oidc-secret')).toHaveTextContent('s3cr3t-once');
    await user.click(screen.getByTestId('oidc-secret-copy'));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('s3cr3t-once');
    await waitFor(() => expect(toasts).toContain('已复制'));
    await user.click(screen.getByTestId('oidc-secret-done'));
    // The dialog closes (jsdom runs no animation, so it stays in its leave state; the browser
    // test checks that the secret is then gone from the page).
    await waitFor(() => expect(screen.getByTestId('oidc-secret').closest('.ant-modal')).toHaveClass('ant-zoom-leave'));
  }, typing);

  it('keeps what was typed and shows the server refusal at the field', async () => {
    vi.mocked(addOidcClient).mockRejectedValue(
      new ApiError({ kind: 'api', status: 400, code: 400, msg: '回调地址须使用 https', fields: { redirectUris: '回调地址须使用 https' }, handled: false }),
    );
    const user = userEvent.setup();
    wrap(<OidcClientsPage />);
    await user.click(await screen.findByTestId('oidc-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('oidc-client-id'), 'crm');
    await user.type(within(dialog).getByTestId('oidc-name'), '客户管理');
    await user.type(within(dialog).getByTestId('oidc-redirects'), 'http://crm.example/cb');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('回调地址须使用 https')).toBeInTheDocument();
    expect(within(dialog).getByTestId('oidc-name')).toHaveValue('客户管理');
    expect(within(dialog).getByTestId('oidc-redirects')).toHaveValue('http://crm.example/cb');
    expect(screen.queryByText('请保存客户端密钥')).toBeNull();
  }, typing);

  it('checks the form before sending: id rule, name and a redirect URI', async () => {
    const user = userEvent.setup();
    wrap(<OidcClientsPage />);
    await user.click(await screen.findByTestId('oidc-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('oidc-client-id'), 'Bad Id');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('应用标识为2至64位小写字母、数字、点、下划线或连字符')).toBeInTheDocument();
    // Each field's message renders on its own (antd validates the fields one by one): wait for each.
    expect(await within(dialog).findByText('请填写应用名称（不超过50字）')).toBeInTheDocument();
    expect(await within(dialog).findByText('请至少填写一个回调地址')).toBeInTheDocument();
    expect(addOidcClient).not.toHaveBeenCalled();
  }, typing);

  it('edits a client without its id or kind, and replaces a secret after a confirmation', async () => {
    vi.mocked(updateOidcClient).mockResolvedValue(client({ name: '招标采购系统' }));
    vi.mocked(newOidcClientSecret).mockResolvedValue(client({ clientSecret: 'n3w-s3cr3t' }));
    const user = userEvent.setup();
    wrap(<OidcClientsPage />);
    const row = (await screen.findByText('招标系统')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText('编辑应用'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('oidc-client-id')).toBeDisabled();
    expect(within(dialog).getByTestId('oidc-client-id')).toHaveValue('tender');
    const name = within(dialog).getByTestId('oidc-name');
    await user.clear(name);
    await user.type(name, '招标采购系统');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(updateOidcClient).toHaveBeenCalledTimes(1));
    expect(updateOidcClient).toHaveBeenCalledWith('tender', {
      name: '招标采购系统',
      firstParty: true,
      requireRealName: true,
      redirectUris: ['https://tender.example.cn/cb'],
      postLogoutUris: [],
      backchannelLogoutUri: '',
      scopes: ['openid', 'profile'],
      minAcr: '',
    });
    await waitFor(() => expect(toasts).toContain('修改成功'));

    await user.click(within(row).getByText('重置密钥'));
    const confirm = (await screen.findAllByText(/旧密钥立即失效/))[0].closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(newOidcClientSecret).toHaveBeenCalledWith('tender'));
    expect(await screen.findByTestId('oidc-secret')).toHaveTextContent('n3w-s3cr3t');
  }, typing);
});

describe('the console menu', () => {
  it.each([
    ['administrator', true],
    ['reviewer', false],
  ] as const)('shows 接入应用 to an %s: %s', async (role, shown) => {
    localStorage.setItem('adminToken', 't');
    vi.mocked(getMe).mockResolvedValue({ id: 1, account: 'root', displayName: '', role, disabled: false, createdAt: '2026-11-25T00:00:00Z' });
    wrap(
      <MemoryRouter initialEntries={[role === 'administrator' ? '/admin/staff' : '/admin/reviews']}>
        <Routes>
          <Route path="/admin/*" element={<AdminLayout />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId('admin-who');
    expect(screen.queryByText('接入应用') !== null).toBe(shown);
  });
});

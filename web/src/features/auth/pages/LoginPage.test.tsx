import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, PNG_1x1 } from '@/shared/captcha/testServer';
import { zhCN } from '@/shared/locales/zh-CN';
import { renderApp } from '@/test/renderApp';

function codeServer() {
  let n = 0;
  return fakeServer({
    '/api/auth/verifycode': () => ({ code: 0, msg: '操作成功', data: { id: `id${++n}`, codeimage: `data:image/png;base64,${PNG_1x1}` } }),
  });
}

describe('the login page without antd (issue 19)', () => {
  it('draws its form, tabs and links with no antd component on the page', async () => {
    codeServer();
    renderApp('/');
    await screen.findByAltText('图形验证码');
    expect(screen.getByRole('tab', { name: '账号密码', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即注册' })).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('says what each empty field needs on submit, keeps what was typed, and clears a message once fixed', async () => {
    codeServer();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByAltText('图形验证码');
    await user.type(screen.getByPlaceholderText('请输入账号'), 'zhang san01');
    await user.click(screen.getByTestId('login-submit'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['请输入密码', '请输入验证码']);
    // The Space key is blocked and spaces are stripped: what stays is the account without them.
    expect(screen.getByPlaceholderText('请输入账号')).toHaveValue('zhangsan01');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'x'.repeat(21));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([zhCN.login.passwordTooLong, '请输入验证码']);
    await user.clear(screen.getByPlaceholderText('请输入密码'));
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Passw0rd!');
    await user.type(screen.getByPlaceholderText('请输入验证码'), 'ab12');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });

  it('cuts a pasted graphic code after its spaces are gone, and shows the password on the eye', async () => {
    codeServer();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByAltText('图形验证码');
    const code = screen.getByPlaceholderText('请输入验证码');
    fireEvent.change(code, { target: { value: ' a b 1 2 3' } });
    expect(code).toHaveValue('ab12');
    const password = screen.getByPlaceholderText('请输入密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('opens the certificate tab on click and with the arrow key, keeping the password tab as typed', async () => {
    codeServer();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByAltText('图形验证码');
    await user.type(screen.getByPlaceholderText('请输入账号'), 'lisi0001');
    await user.click(screen.getByRole('tab', { name: '数字证书' }));
    expect(screen.getByRole('tab', { name: '数字证书', selected: true })).toBeInTheDocument();
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels).toHaveLength(2);
    screen.getByRole('tab', { name: '数字证书' }).focus();
    await user.keyboard('{ArrowLeft}');
    const form = screen.getByTestId('login-form');
    expect(within(form).getByPlaceholderText('请输入账号')).toHaveValue('lisi0001');
    expect(screen.getByRole('tab', { name: '账号密码', selected: true })).toHaveFocus();
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

// The frame and the wizard load lazily; on a busy machine the first import takes long.
const accountField = () => screen.findByPlaceholderText('以字母开头，4-16位字母或数字', undefined, { timeout: 30_000 });

// Switching the registration kind discards what was typed: it asks first, and the name, phone
// and e-mail typed survive a remount (the browser's Back then Forward) but not a switch
// (docs/decisions/usability.md, "Switching the registration kind asks first").
describe('the registration frame', { timeout: 60_000 }, () => {
  it('switches at once while nothing is typed', async () => {
    const { router } = renderApp('/register/personal');
    await accountField();
    fireEvent.click(screen.getByRole('tab', { name: '单位注册' }));
    await waitFor(() => expect(router.location.pathname).toBe('/register/legalPerson'));
    expect(screen.queryByText('切换注册类型')).toBeNull();
  });

  it('asks before 单位注册 discards a typed person account, and keeps it on 继续填写', async () => {
    const { router } = renderApp('/register/personal');
    fireEvent.change(await accountField(), { target: { value: 'zhang01' } });
    fireEvent.click(screen.getByRole('tab', { name: '单位注册' }));
    await screen.findByText('切换到单位注册将清除本页已填写的内容和未完成的注册，确定切换吗？');
    expect(router.location.pathname).toBe('/register/personal');
    fireEvent.click(screen.getByRole('button', { name: '继续填写' }));
    expect(router.location.pathname).toBe('/register/personal');
    expect(await accountField()).toHaveValue('zhang01');

    fireEvent.click(screen.getByRole('tab', { name: '单位注册' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定切换' }));
    await waitFor(() => expect(router.location.pathname).toBe('/register/legalPerson'));
    // Back on the person tab, the discarded name is gone.
    router.navigate('/register/personal');
    await waitFor(() => expect(router.location.pathname).toBe('/register/personal'));
    expect(await accountField()).toHaveValue('');
  });

  it('keeps the typed name, phone and e-mail, never the password, when the wizard is mounted again', async () => {
    renderApp('/register/personal');
    fireEvent.change(await accountField(), { target: { value: 'zhang02' } });
    fireEvent.change(screen.getByPlaceholderText('请输入11位手机号'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'abcd1234' } });
    cleanup();
    renderApp('/register/personal');
    expect(await accountField()).toHaveValue('zhang02');
    expect(screen.getByPlaceholderText('请输入11位手机号')).toHaveValue('13800138000');
    expect(screen.getByPlaceholderText('请输入密码')).toHaveValue('');
    // Remounted with kept values, a switch still asks.
    fireEvent.click(screen.getByRole('tab', { name: '单位注册' }));
    await screen.findByText('切换到单位注册将清除本页已填写的内容和未完成的注册，确定切换吗？');
  });
});

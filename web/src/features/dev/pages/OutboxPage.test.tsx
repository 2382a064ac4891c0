import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('#/dev/outbox', () => {
  it('lists the messages newest first and refreshes on demand', async () => {
    const older = { channel: 'sms', to: '13800138000', scene: 'register', text: '您的验证码是 111111', code: '111111', at: '2025-01-01T08:00:00Z' };
    const newer = { channel: 'email', to: 'a@example.com', scene: 'recover', text: '您的验证码是 222222', code: '222222', at: '2025-01-01T09:00:00Z' };
    const latest = { ...newer, code: '333333', text: '您的验证码是 333333', at: '2025-01-01T10:00:00Z' };
    let batch: unknown[] = [older, newer];
    const fetch = vi.fn(async () => answer(200, { code: 0, msg: 'ok', data: batch }));
    vi.stubGlobal('fetch', fetch);

    renderApp('/dev/outbox');

    await screen.findByText('111111', {}, { timeout: 10_000 });
    let rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('222222')).toBeInTheDocument();
    expect(within(rows[0]).getByText('邮件')).toBeInTheDocument();
    expect(within(rows[1]).getByText('111111')).toBeInTheDocument();
    expect(within(rows[1]).getByText('短信')).toBeInTheDocument();
    expect(within(rows[1]).getByText('注册（register）')).toBeInTheDocument();

    batch = [latest, newer, older];
    await userEvent.setup().click(screen.getByRole('button', { name: /刷新/ }));

    await screen.findByText('333333');
    rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('333333')).toBeInTheDocument();
    expect(String((fetch.mock.calls as unknown[][])[0]?.[0])).toMatch(/^\/api\/dev\/outbox\?_t=\d+$/);
  });

  it('explains that the outbox needs --dev when the server answers 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { code: 404, msg: '请求地址出错', data: null })));

    renderApp('/dev/outbox');

    expect(await screen.findByText('发件箱只在开发模式（bidpass serve --dev）下可用。')).toBeInTheDocument();
  });
});

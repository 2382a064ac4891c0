import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

// The outbox page throws while rendering, as a page whose chunk cannot be fetched does.
const failure = new Error('the outbox page failed');
vi.mock('@/features/dev/pages/OutboxPage', () => ({
  default: function OutboxPage() {
    throw failure;
  },
}));

describe('a page that throws', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page inside the layout, below the header, and recovers on the next move', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/dev/outbox');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('出错了');
    expect(alert).toHaveTextContent('页面加载失败，请刷新后重试。');
    // Within the layout: the header stays, the error takes the page's place in <main>.
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('alert')).toBe(alert);
    expect(logged).toHaveBeenCalledWith(failure);

    act(() => router.navigate('/supply/findPwd'));
    expect(await screen.findByRole('tab', { name: '找回密码' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

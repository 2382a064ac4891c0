import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '@/shared/api/types';
import { listReviews } from '../api/listReviews';
import ReviewQueuePage from './ReviewQueuePage';

vi.mock('../api/listReviews', () => ({ listReviews: vi.fn() }));

const item = (id: number): ReviewItem => ({
  id,
  kind: 'realname',
  subject: 'person',
  accountId: id,
  account: `user${id}`,
  state: 'pending',
  submittedAt: '2026-11-25T08:00:00Z',
  waitingSeconds: 60,
  claimedByMe: false,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.search}</output>;
}

function renderAt(search: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MessageApp>
        <MemoryRouter initialEntries={[`/admin/reviews${search}`]}>
          <ReviewQueuePage />
          <Where />
        </MemoryRouter>
      </MessageApp>
    </QueryClientProvider>,
  );
}

describe('ReviewQueuePage paging past the capped count', () => {
  it('shows 10000+ on the last numbered page, goes on by the cursor with 更多, and back with 回到第一页, all in the address', async () => {
    const list = vi.mocked(listReviews);
    list.mockImplementation((q) =>
      Promise.resolve(
        q.after
          ? { rows: [item(2001)], total: 0, capped: undefined, next: 'cursor-2' }
          : { rows: [item(q.page * 10)], total: 10000, capped: true, next: 'cursor-1' },
      ),
    );
    renderAt('?tab=personRealname&state=pending&page=20&pageSize=10');
    expect(await screen.findByText('共 10000+ 条')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 20, pageSize: 10 }), expect.anything());

    await userEvent.click(screen.getByRole('button', { name: /更\s?多/ }));
    await screen.findByText('user2001');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ after: 'cursor-1', state: 'pending', kind: 'realname' }), expect.anything());
    expect(screen.getByTestId('where').textContent).toContain('after=cursor-1');
    // No numbered pager on a page by cursor: only 回到第一页 and 更多 (the page came back full).
    expect(screen.queryByText('共 10000+ 条')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '回到第一页' }));
    await screen.findByText('user10');
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where).toContain('page=1');
    expect(where).not.toContain('after=');
  });

  it('numbers pages only as far as the server does (200 rows), shows the whole count, and offers 更多 on the last', async () => {
    const list = vi.mocked(listReviews);
    list.mockImplementation((q) => Promise.resolve({ rows: [item(q.page * 10)], total: 5000, capped: false, next: 'cursor-1' }));
    renderAt('?tab=personRealname&state=pending&page=19&pageSize=10');
    expect(await screen.findByText('共 5000 条')).toBeInTheDocument();
    await screen.findByText('user190');
    // The last page the pager offers is 20 (rows 191–200), not 500; no 更多 before it.
    expect(screen.getByTitle('20')).toBeInTheDocument();
    expect(screen.queryByTitle('500')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /更\s?多/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByTitle('20'));
    await screen.findByText('user200');
    await userEvent.click(screen.getByRole('button', { name: /更\s?多/ }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ after: 'cursor-1' }), expect.anything()));
  });

  it('opens an address past the numbered pages at the last numbered page, not at a refusal', async () => {
    const list = vi.mocked(listReviews);
    list.mockImplementation((q) => Promise.resolve({ rows: [item(q.page * 10)], total: 5000, capped: false, next: 'cursor-1' }));
    renderAt('?tab=personRealname&state=pending&page=100&pageSize=10');
    await screen.findByText('user200');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 20, pageSize: 10 }), expect.anything());
    expect(list).not.toHaveBeenCalledWith(expect.objectContaining({ page: 100 }), expect.anything());
    expect(screen.getByRole('button', { name: /更\s?多/ })).toBeInTheDocument();
    // The address names the page shown, so a link copied from it opens that page.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('page=20'));
    expect(screen.getByTestId('where').textContent).not.toContain('page=100');
  });

  it('changing the state filter forgets the cursor', async () => {
    const list = vi.mocked(listReviews);
    list.mockResolvedValue({ rows: [item(1)], total: 1, capped: false, next: undefined });
    renderAt('?tab=personRealname&state=pending&page=3&pageSize=10&after=cursor-9');
    await screen.findByText('user1');
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ after: 'cursor-9' }), expect.anything());
    await userEvent.click(screen.getByText('已审核'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'decided', page: 1 }), expect.anything()));
    expect(list.mock.lastCall?.[0]).not.toHaveProperty('after');
    expect(screen.getByTestId('where').textContent).not.toContain('after=');
  });
});

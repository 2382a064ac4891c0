import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MessageApp } from '@/shared/feedback/message';
import { AppHeader } from '@/shared/layout/AppHeader';
import { saveSignIn, UserType } from '@/shared/session/session';
import { RenameDialog } from './RenameDialog';
import { rename } from '../api/rename';

vi.mock('../api/rename', () => ({ rename: vi.fn(() => Promise.resolve(null)) }));

describe('RenameDialog', () => {
  it('puts the new account name in the header at once, not at the next sign-in (issue 18)', async () => {
    saveSignIn({ token: 'tok', userName: 'oldname1', userId: '3', userType: UserType.Person, registerProcess: false });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MessageApp>
          <AppHeader onLogout={vi.fn()} />
          <RenameDialog open onClose={vi.fn()} />
        </MessageApp>
      </QueryClientProvider>,
    );
    const header = screen.getByTestId('app-header');
    expect(within(header).getByText('oldname1')).toBeInTheDocument();
    await act(async () => {
      fireEvent.change(await screen.findByTestId('rename-input'), { target: { value: 'newname1' } });
      await Promise.resolve();
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
      await Promise.resolve();
    });
    // Once only: the exact name is confirmed before anything is sent.
    expect(await screen.findByText('登录账号将修改为“newname1”，修改后不能再次修改，请使用新账号登录。确定修改吗？')).toBeInTheDocument();
    expect(rename).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定修改' }));
      await Promise.resolve();
    });
    expect(await within(header).findByText('newname1')).toBeInTheDocument();
    expect(rename).toHaveBeenCalledWith('newname1');
    expect(within(header).queryByText('oldname1')).toBeNull();
  });

  it('shows the 16-character limit and keeps a longer paste to 16', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessageApp>
          <RenameDialog open onClose={vi.fn()} />
        </MessageApp>
      </QueryClientProvider>,
    );
    const input = await screen.findByTestId('rename-input');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'abcdefghij klmnopqrstu' } });
      await Promise.resolve();
    });
    expect(input).toHaveValue('abcdefghijklmnop');
    expect(screen.getByText('16 / 16')).toBeInTheDocument();
  });
});

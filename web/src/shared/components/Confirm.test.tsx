import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from 'antd/es/button';
import { describe, expect, it, vi } from 'vitest';
import { Confirm } from './Confirm';

// Confirm is antd's Popconfirm fetched after the page shows (docs/decisions/frontend-load.md, "Front-end load"): the trigger is the same
// button before and after the code arrives, and a click that comes first still asks the question.

describe('Confirm', () => {
  it('asks on a click that comes before Popconfirm is loaded, and confirms', async () => {
    const onConfirm = vi.fn();
    render(
      <Confirm title="确定解除绑定吗？" onConfirm={onConfirm} okText="确定" cancelText="取消">
        <Button type="link" danger data-testid="unbind">
          解除绑定
        </Button>
      </Confirm>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('unbind'));
    expect(await screen.findByText('确定解除绑定吗？')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('keeps the trigger as it is rendered', () => {
    const { container } = render(
      <Confirm title="?">
        <Button type="link" size="small" data-testid="t">
          撤销
        </Button>
      </Confirm>,
    );
    const alone = render(
      <Button type="link" size="small" data-testid="t">
        撤销
      </Button>,
    );
    expect(container.innerHTML).toBe(alone.container.innerHTML);
  });

  it('asks and cancels once Popconfirm is in (a Confirm mounted after the first loaded it)', async () => {
    const onConfirm = vi.fn();
    render(
      <Confirm title="确定撤销吗？" onConfirm={onConfirm} okText="确定" cancelText="取消">
        <Button data-testid="later">撤销</Button>
      </Confirm>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('later'));
    expect(await screen.findByText('确定撤销吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取 消' }));
    await user.click(screen.getByTestId('later'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});

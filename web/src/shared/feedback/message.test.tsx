// MessageApp stands in for antd's <App> (docs/decisions/frontend-load.md, "Front-end load"): the same root element, a message instance
// for useMessage, and `toast` bound only when asked.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageApp, useMessage } from './message';
import { bindToast, toast } from './toast';

function Saver() {
  const message = useMessage();
  return (
    <button type="button" onClick={() => void message.success('已保存')}>
      保存
    </button>
  );
}

describe('MessageApp', () => {
  it('gives its children a message instance whose toasts show on the page, inside antd App’s root element', async () => {
    const { container } = render(
      <MessageApp>
        <Saver />
      </MessageApp>,
    );
    expect(container.firstElementChild?.classList.contains('ant-app')).toBe(true);
    act(() => screen.getByRole('button', { name: '保存' }).click());
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(document.querySelector('.ant-message')).not.toBeNull();
    // In a polite live region, so a screen reader reads it (4.1.3).
    expect(screen.getByRole('status')).toContainElement(screen.getByText('已保存'));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows `toast` through itself with the toast prop, above a sink bound before it, and gives it back when it unmounts', async () => {
    const seen: string[] = [];
    const unbind = bindToast((_, content) => seen.push(content));
    const { unmount } = render(<MessageApp toast />);
    act(() => toast.warning('token已失效，请重新登录！'));
    expect(await screen.findByText('token已失效，请重新登录！')).toBeTruthy();
    expect(seen).toEqual([]);
    unmount();
    toast.info('再见');
    expect(seen).toEqual(['再见']);
    unbind();
  });

  it('leaves `toast` to the sink already bound without the toast prop', () => {
    const seen: string[] = [];
    const unbind = bindToast((_, content) => seen.push(content));
    render(<MessageApp />);
    toast.error('网络异常');
    expect(seen).toEqual(['网络异常']);
    unbind();
  });

  it('a toast asked for before antd’s message hook has loaded shows once it is in; one closed meanwhile never shows', async () => {
    let closedFirst: boolean | undefined;
    function Both() {
      const message = useMessage();
      const click = () => {
        const first = message.info('不会出现');
        void first.then((v) => (closedFirst = v));
        first();
        void message.success('已保存');
      };
      return (
        <button type="button" onClick={click}>
          保存
        </button>
      );
    }
    render(
      <MessageApp>
        <Both />
      </MessageApp>,
    );
    expect(document.querySelector('.ant-message')).toBeNull();
    act(() => screen.getByRole('button', { name: '保存' }).click());
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(screen.queryByText('不会出现')).toBeNull();
    await act(async () => {
      await Promise.resolve();
    });
    expect(closedFirst).toBe(false);
  });

  it('refuses useMessage outside it, rather than toasts that never show', () => {
    expect(() => render(<Saver />)).toThrow(/MessageApp/);
  });
});

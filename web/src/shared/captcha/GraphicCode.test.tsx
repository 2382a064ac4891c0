import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GraphicCode, graphicCodeLifetimeSeconds } from './GraphicCode';
import { fakeServer, PNG_1x1 } from './testServer';

describe('GraphicCode', () => {
  it('shows the code picture, reports its id, and loads a new one on click', async () => {
    let n = 0;
    const server = fakeServer({
      '/api/auth/verifycode': () => ({ code: 0, msg: '操作成功', data: { id: `id${++n}`, codeimage: `data:image/png;base64,${PNG_1x1}` } }),
    });
    const onChange = vi.fn();
    render(<GraphicCode onChange={onChange} />);
    const img = await screen.findByAltText('图形验证码');
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(onChange).toHaveBeenLastCalledWith('id1');
    fireEvent.click(screen.getByTestId('graphic-code'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('id2'));
    expect(server.calls.every((c) => c.path === '/api/auth/verifycode')).toBe(true);
    // 换一张, a button named by its text, gets a new one too (keyboard and screen-reader users).
    const swap = screen.getByRole('button', { name: '换一张图形验证码' });
    expect(swap).toHaveTextContent('换一张');
    swap.focus();
    fireEvent.click(swap);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('id3'));
  });

  it('offers to try again where a code could not be had, and a click gets one', async () => {
    let n = 0;
    fakeServer({
      '/api/auth/verifycode': () =>
        ++n === 1
          ? { code: 429, msg: '操作过于频繁，请稍后再试', data: null }
          : { code: 0, msg: '操作成功', data: { id: 'id2', codeimage: `data:image/png;base64,${PNG_1x1}` } },
    });
    const onChange = vi.fn();
    render(<GraphicCode onChange={onChange} />);
    fireEvent.click(await screen.findByText('获取失败，点击重试'));
    await screen.findByAltText('图形验证码');
    expect(onChange).toHaveBeenLastCalledWith('id2');
    expect(screen.queryByText('获取失败，点击重试')).toBeNull();
  });

  it('replaces a code about to expire while the page is in view, and on coming back to a page hidden past its time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const seen = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    try {
      let n = 0;
      const server = fakeServer({
        '/api/auth/verifycode': () => ({ code: 0, msg: '操作成功', data: { id: `id${++n}`, codeimage: `data:image/png;base64,${PNG_1x1}` } }),
      });
      const onChange = vi.fn();
      render(<GraphicCode onChange={onChange} />);
      await act(() => vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('id1')));
      const lifetime = graphicCodeLifetimeSeconds * 1000;
      await act(() => vi.advanceTimersByTimeAsync(lifetime - 6_000));
      expect(server.calls).toHaveLength(1); // still good: kept
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await act(() => vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('id2')));

      // Hidden past its time: nothing asked for while hidden, a new code on coming back.
      seen('hidden');
      await act(() => vi.advanceTimersByTimeAsync(3 * lifetime));
      expect(server.calls).toHaveLength(2);
      seen('visible');
      await act(() => vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('id3')));
      // Back within its time: the code stays.
      seen('hidden');
      seen('visible');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(server.calls).toHaveLength(3);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      vi.useRealTimers();
    }
  });
});

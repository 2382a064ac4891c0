import { renderHook } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConfirmOnce, useSingleFlight } from './singleFlight';

afterEach(() => vi.restoreAllMocks());

describe('useSingleFlight', () => {
  it('drops a second call while the first is in flight, and runs again afterwards (issue 18)', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const run = result.current;
    let finish = () => {};
    const write = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const first = run(write);
    void run(write); // the double-click's second click
    expect(write).toHaveBeenCalledTimes(1);
    finish();
    await first;
    await run(() => Promise.reject(new Error('refused')));
    const again = run(write);
    expect(write).toHaveBeenCalledTimes(2);
    finish();
    await again;
  });
});

describe('useConfirmOnce', () => {
  it('opens no second confirmation while one is open (提交审核结果 double-clicked)', () => {
    const confirm = vi.spyOn(Modal, 'confirm').mockImplementation(() => ({ destroy: vi.fn(), update: vi.fn() }));
    const { result } = renderHook(() => useConfirmOnce());
    const ask = result.current;
    ask({ title: '确认提交审核结果？' });
    ask({ title: '确认提交审核结果？' });
    expect(confirm).toHaveBeenCalledTimes(1);
    // Closed: the next click opens it again.
    confirm.mock.calls[0]?.[0].afterClose?.();
    ask({ title: '确认提交审核结果？' });
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});

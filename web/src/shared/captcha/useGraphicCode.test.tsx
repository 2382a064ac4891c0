import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GraphicCode, graphicCodeLifetimeSeconds } from './GraphicCode';
import { fakeServer, PNG_1x1 } from './testServer';
import { useGraphicCode } from './useGraphicCode';

/** CodeForm is the smallest form with a graphic code: its field, its picture, the id it would send. */
function CodeForm() {
  const [typed, setTyped] = useState('');
  const graphic = useGraphicCode(() => setTyped(''));
  return (
    <>
      <input aria-label="code" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <GraphicCode {...graphic.picture} />
      <output data-testid="code-id">{graphic.codeId}</output>
      <button onClick={graphic.renew}>renew</button>
    </>
  );
}

function codes() {
  let n = 0;
  return fakeServer({
    '/api/auth/verifycode': () => ({ code: 0, msg: '操作成功', data: { id: `id${++n}`, codeimage: `data:image/png;base64,${PNG_1x1}` } }),
  });
}

const field = () => screen.getByLabelText<HTMLInputElement>('code');
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('useGraphicCode', () => {
  it('keeps what was typed when the first picture arrives, and empties it when a click shows a new one', async () => {
    codes();
    render(<CodeForm />);
    type('ab'); // typed before the picture (the login page's prerendered copy)
    await waitFor(() => expect(screen.getByTestId('code-id').textContent).toBe('id1'));
    expect(field().value).toBe('ab');
    type('abcd');
    fireEvent.click(screen.getByTestId('graphic-code'));
    await waitFor(() => expect(screen.getByTestId('code-id').textContent).toBe('id2'));
    expect(field().value).toBe('');
  });

  it('empties the field when renewed, at once and again as the new picture arrives', async () => {
    codes();
    render(<CodeForm />);
    await waitFor(() => expect(screen.getByTestId('code-id').textContent).toBe('id1'));
    type('abcd');
    fireEvent.click(screen.getByRole('button', { name: 'renew' }));
    expect(field().value).toBe('');
    type('x'); // typed while the new picture is on its way: it was typed for the old one
    await waitFor(() => expect(screen.getByTestId('code-id').textContent).toBe('id2'));
    expect(field().value).toBe('');
  });

  it('empties a code typed for a picture that renews itself before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      codes();
      render(<CodeForm />);
      // A code arrives within a few ticks (the fake server answers at once).
      const settle = () => act(() => vi.advanceTimersByTimeAsync(50));
      await settle();
      expect(screen.getByTestId('code-id').textContent).toBe('id1');
      type('abcd');
      await act(() => vi.advanceTimersByTimeAsync(graphicCodeLifetimeSeconds * 1000 - 6_000));
      expect(field().value).toBe('abcd'); // still good: kept
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await settle();
      expect(screen.getByTestId('code-id').textContent).toBe('id2');
      expect(field().value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

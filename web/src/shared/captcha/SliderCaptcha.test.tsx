import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aesEcbEncrypt } from './aes';
import { SliderCaptcha } from './SliderCaptcha';
import { fakeServer, ok, PNG_1x1, refused } from './testServer';

const KEY = 'XwKsGlMcdPMEhR1B';
const image = (token: string) =>
  ok({ captchaType: 'blockPuzzle', originalImageBase64: '/9j/AAAA', jigsawImageBase64: PNG_1x1, token, secretKey: KEY });

function dragBy(dx: number) {
  const handle = screen.getByTestId('slider-handle');
  fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
  fireEvent.pointerMove(window, { clientX: 10 + dx / 2, pointerId: 1 });
  fireEvent.pointerMove(window, { clientX: 10 + dx, pointerId: 1 });
  fireEvent.pointerUp(window, { clientX: 10 + dx, pointerId: 1 });
}

describe('SliderCaptcha', () => {
  it('pop mode: title, prompt, images; a right drag shows 验证成功 and emits the verification after about 1 s', async () => {
    const server = fakeServer({ '/captcha/get': () => image('tok1'), '/captcha/check': () => ok({ result: true }) });
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    render(<SliderCaptcha mode="pop" open onSuccess={onSuccess} onClose={onClose} />);
    expect(await screen.findByText('请完成安全验证')).toBeInTheDocument();
    expect(screen.getAllByText('向右滑动完成验证').length).toBeGreaterThan(0);
    expect(await screen.findByTestId('captcha-piece')).toBeInTheDocument();
    expect(screen.getByTestId('captcha-background').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    const get = server.calls[0];
    if (!get) throw new Error('no get');
    expect(get.body).toMatchObject({ captchaType: 'blockPuzzle' });
    expect(String(get.body.clientUid)).toMatch(/^slider-/);
    expect(sessionStorage.getItem('slider')).toBe(get.body.clientUid);

    dragBy(120);
    expect(await screen.findByText(/s验证成功$/)).toBeInTheDocument();
    const check = server.calls.find((c) => c.path === '/captcha/check')!;
    const plain = '{"x":120,"y":5}';
    expect(check.body).toEqual({ captchaType: 'blockPuzzle', token: 'tok1', pointJson: await aesEcbEncrypt(plain, KEY) });
    expect(onSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onSuccess).toHaveBeenCalledWith({ captchaVerification: await aesEcbEncrypt(`tok1---${plain}`, KEY) });
    expect(onClose).toHaveBeenCalled();
  });

  it('scales x to the 310-wide image', async () => {
    const server = fakeServer({ '/captcha/get': () => image('tok'), '/captcha/check': () => ok({ result: true }) });
    render(<SliderCaptcha mode="embed" width={620} onSuccess={() => {}} />);
    await screen.findByTestId('captcha-piece');
    dragBy(200);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/captcha/check')).toBe(true));
    const check = server.calls.find((c) => c.path === '/captcha/check')!;
    expect(check.body.pointJson).toBe(await aesEcbEncrypt('{"x":100,"y":5}', KEY));
  });

  it('a wrong drag shows 验证失败, emits error and loads a new image after 1 s', async () => {
    const server = fakeServer({
      '/captcha/get': [() => image('first'), () => image('second')],
      '/captcha/check': () => refused('6111', '验证失败'),
    });
    const onError = vi.fn();
    render(<SliderCaptcha mode="embed" onSuccess={() => {}} onError={onError} />);
    await screen.findByTestId('captcha-piece');
    dragBy(30);
    expect(await screen.findByText('验证失败')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/captcha/get')).toHaveLength(2), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByText('验证失败')).not.toBeInTheDocument());
  });

  it('6201 clears the images and shows repMsg', async () => {
    fakeServer({ '/captcha/get': () => refused('6201', 'get接口请求次数超限，请稍后再试!') });
    render(<SliderCaptcha mode="embed" onSuccess={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('get接口请求次数超限，请稍后再试!');
    expect(screen.queryByTestId('captcha-background')).not.toBeInTheDocument();
  });

  it('sends plain points when the server issued no key', async () => {
    const server = fakeServer({
      '/captcha/get': () => ok({ captchaType: 'blockPuzzle', originalImageBase64: PNG_1x1, jigsawImageBase64: PNG_1x1, token: 't' }),
      '/captcha/check': () => ok({ result: true }),
    });
    const onSuccess = vi.fn();
    render(<SliderCaptcha mode="embed" onSuccess={onSuccess} />);
    await screen.findByTestId('captcha-piece');
    dragBy(50);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), { timeout: 2000 });
    expect(server.calls.find((c) => c.path === '/captcha/check')!.body.pointJson).toBe('{"x":50,"y":5}');
    expect(onSuccess).toHaveBeenCalledWith({ captchaVerification: 't---{"x":50,"y":5}' });
  });

  it('the refresh button loads a new image', async () => {
    const server = fakeServer({ '/captcha/get': () => image('t') });
    render(<SliderCaptcha mode="embed" onSuccess={() => {}} />);
    await screen.findByTestId('captcha-piece');
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
  });
});

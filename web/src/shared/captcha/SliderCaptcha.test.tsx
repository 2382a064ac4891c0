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

  it('moves with the keyboard (2.5.7): arrows 2 px, PageUp 20 px, Home/End; Enter submits that x', async () => {
    const server = fakeServer({ '/captcha/get': () => image('k'), '/captcha/check': () => ok({ result: true }) });
    const onSuccess = vi.fn();
    render(<SliderCaptcha mode="embed" onSuccess={onSuccess} />);
    await screen.findByTestId('captcha-piece');
    const slider = screen.getByRole('slider', { name: '拼图滑块：把拼图移到图中缺口处' });
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '260');
    expect(slider).toHaveAccessibleDescription(/方向键.*回车确认/);
    fireEvent.keyDown(slider, { key: 'Enter' }); // nothing moved yet: nothing to submit
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuenow', '260');
    fireEvent.keyDown(slider, { key: 'Home' });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(slider, { key: 'PageUp' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider).toHaveAttribute('aria-valuenow', '62');
    expect(slider).toHaveAttribute('aria-valuetext', '已向右移动62像素');
    expect(server.calls.some((c) => c.path === '/captcha/check')).toBe(false);
    fireEvent.keyDown(slider, { key: 'Enter' });
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), { timeout: 2000 });
    const checks = server.calls.filter((c) => c.path === '/captcha/check');
    expect(checks).toHaveLength(1);
    expect(checks[0].body.pointJson).toBe(await aesEcbEncrypt('{"x":62,"y":5}', KEY));
  });

  it('moves with single clicks on the track and submits on a tap of the handle (no drag)', async () => {
    const server = fakeServer({ '/captcha/get': () => image('c'), '/captcha/check': () => ok({ result: true }) });
    const onSuccess = vi.fn();
    render(<SliderCaptcha mode="embed" onSuccess={onSuccess} />);
    await screen.findByTestId('captcha-piece');
    const track = screen.getByTestId('slider-track');
    const handle = screen.getByTestId('slider-handle');
    // A tap on the handle before it moved submits nothing.
    fireEvent.pointerDown(handle, { clientX: 25, pointerId: 1 });
    fireEvent.pointerUp(window, { clientX: 25, pointerId: 1 });
    track.getBoundingClientRect = () => ({ left: 100, top: 0, right: 410, bottom: 40, width: 310, height: 40, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(track, { clientX: 100 + 150, pointerId: 1 }); // the handle's centre at 150: its left at 125
    expect(handle).toHaveAttribute('aria-valuenow', '125');
    fireEvent.pointerDown(track, { clientX: 100 + 105, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '80');
    expect(server.calls.some((c) => c.path === '/captcha/check')).toBe(false);
    fireEvent.pointerDown(handle, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(window, { clientX: 301, pointerId: 1 });
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), { timeout: 2000 });
    const checks = server.calls.filter((c) => c.path === '/captcha/check');
    expect(checks).toHaveLength(1);
    expect(checks[0].body.pointJson).toBe(await aesEcbEncrypt('{"x":80,"y":5}', KEY));
  });

  it('pop mode puts the focus on the slider, so a keyboard user moves it at once', async () => {
    fakeServer({ '/captcha/get': () => image('f') });
    render(<SliderCaptcha mode="pop" open onSuccess={() => {}} />);
    await screen.findByTestId('captcha-piece');
    await waitFor(() => expect(screen.getByRole('slider')).toHaveFocus());
  });
});

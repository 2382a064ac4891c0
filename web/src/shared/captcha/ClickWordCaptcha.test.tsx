import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aesEcbEncrypt } from './aes';
import { ClickWordCaptcha } from './ClickWordCaptcha';
import { fakeServer, ok, PNG_1x1, refused } from './testServer';

const KEY = 'k8Jd2LmQpZ0aB7cX';
const image = (token: string) =>
  ok({ captchaType: 'clickWord', originalImageBase64: PNG_1x1, wordList: ['山', '水', '田'], token, secretKey: KEY });

function clickAt(x: number, y: number) {
  // happy-dom lays nothing out: the image's box starts at 0,0.
  fireEvent.click(screen.getByTestId('clickword-image'), { clientX: x, clientY: y });
}

describe('ClickWordCaptcha', () => {
  it('asks for the words in order, numbers each click and checks 400 ms after the third', async () => {
    const server = fakeServer({ '/captcha/get': () => image('tok'), '/captcha/check': () => ok({ result: true }) });
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    render(<ClickWordCaptcha mode="pop" open onSuccess={onSuccess} onClose={onClose} />);
    expect(await screen.findByText('请完成安全验证')).toBeInTheDocument();
    expect(await screen.findByText('请依次点击【山,水,田】')).toBeInTheDocument();
    expect(String(server.calls[0]?.body.clientUid)).toMatch(/^point-/);
    clickAt(10, 20);
    clickAt(100, 50);
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    clickAt(300, 150);
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/captcha/check')).toBe(false); // not before 400 ms
    expect(await screen.findByText('验证成功')).toBeInTheDocument();
    const plain = '[{"x":10,"y":20},{"x":100,"y":50},{"x":300,"y":150}]';
    expect(server.calls.find((c) => c.path === '/captcha/check')!.body).toEqual({
      captchaType: 'clickWord',
      token: 'tok',
      pointJson: await aesEcbEncrypt(plain, KEY),
    });
    expect(onSuccess).toHaveBeenCalledWith({ captchaVerification: await aesEcbEncrypt(`tok---${plain}`, KEY) });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 2500 }); // about 1.5 s after success
  });

  it('a failure shows 验证失败, emits error and refreshes after 700 ms', async () => {
    const server = fakeServer({
      '/captcha/get': [() => image('a'), () => image('b')],
      '/captcha/check': () => refused('6111', '验证失败'),
    });
    const onError = vi.fn();
    render(<ClickWordCaptcha mode="embed" onSuccess={() => {}} onError={onError} />);
    await screen.findByText('请依次点击【山,水,田】');
    clickAt(1, 1);
    clickAt(2, 2);
    clickAt(3, 3);
    clickAt(4, 4); // a fourth click is ignored
    expect(await screen.findByText('验证失败')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/captcha/get')).toHaveLength(2), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByText('1')).not.toBeInTheDocument());
    expect(server.calls.find((c) => c.path === '/captcha/check')!.body.pointJson).toBe(
      await aesEcbEncrypt('[{"x":1,"y":1},{"x":2,"y":2},{"x":3,"y":3}]', KEY),
    );
  });

  it('shows repMsg when the server refuses a captcha', async () => {
    fakeServer({ '/captcha/get': () => refused('6202', '接口验证失败数过多，请稍后再试') });
    render(<ClickWordCaptcha mode="embed" onSuccess={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('接口验证失败数过多，请稍后再试');
  });
});

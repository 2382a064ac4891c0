// The captcha widgets against the real server (#/dev/captcha, dev mode): the answer is read
// from GET /api/dev/captcha/{token} and the real slider is dragged, the real words clicked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot, useServerAndBrowser } from '../harness.mjs';

const e2e = useServerAndBrowser();

/**
 * showsPicture waits until the widget in scope shows the picture of the captcha body answered
 * (its end: JPEG headers all start alike).
 * @param {import('playwright-core').Page} page @param {string} scope a CSS selector @param {any} body
 */
function showsPicture(page, scope, body) {
  return page.waitForFunction(
    ([sel, end]) => document.querySelector(`${sel} [data-testid="captcha-background"]`)?.getAttribute('src')?.includes(end),
    [scope, body.repData.originalImageBase64.slice(-64)],
  );
}

/**
 * freshCaptcha clicks a widget's refresh button and returns the new captcha's token and answer.
 * @param {import('playwright-core').Page} page @param {string} widget test id @param {string} type
 */
async function freshCaptcha(page, widget, type) {
  // Let the widget's own first get finish, so the response awaited below is the refresh's.
  await page.getByTestId(widget).getByTestId('captcha-background').waitFor();
  const got = page.waitForResponse(
    (r) => r.url().endsWith('/captcha/get') && r.request().postDataJSON()?.captchaType === type,
  );
  await page.getByTestId(widget).getByRole('button', { name: '刷新' }).click();
  const body = await (await got).json();
  assert.equal(body.repCode, '0000', JSON.stringify(body));
  const token = body.repData.token;
  const ans = await (await fetch(`${e2e.server.baseURL}/api/dev/captcha/${token}`)).json();
  assert.equal(ans.code, 0, JSON.stringify(ans));
  await showsPicture(page, `[data-testid="${widget}"]`, body);
  return { token, answer: JSON.parse(ans.data.pointJson) };
}

/** dragSlider drags the real handle by dx CSS pixels with the mouse, in steps as a person does. */
async function dragSlider(page, dx) {
  const handle = page.getByTestId('slider-captcha').getByTestId('slider-handle');
  const box = await handle.boundingBox();
  assert.ok(box);
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + (dx * i) / 10, y + (i % 3) - 1);
  await page.mouse.up();
}

test('slider: drag to the answer and see 验证成功', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/captcha');
  await page.getByText('向右滑动完成验证').first().waitFor();
  const { answer } = await freshCaptcha(page, 'slider-captcha', 'blockPuzzle');
  assert.equal(answer.y, 5);
  await screenshot(page, 'captcha-demo');
  await dragSlider(page, answer.x); // the widget is 310 wide: 1 CSS pixel = 1 image pixel
  await page.getByTestId('slider-captcha').getByText(/s验证成功$/).waitFor();
  await screenshot(page, 'captcha-slider-success');
  await page.locator('[data-testid="captcha-result"][data-kind="blockPuzzle"]').waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('slider: a wrong drag shows 验证失败 and then a new image', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/captcha');
  const { answer } = await freshCaptcha(page, 'slider-captcha', 'blockPuzzle');
  const bg = page.getByTestId('slider-captcha').getByTestId('captcha-background');
  const before = await bg.getAttribute('src');
  const next = page.waitForResponse((r) => r.url().endsWith('/captcha/get'));
  await dragSlider(page, answer.x > 150 ? answer.x - 60 : answer.x + 60);
  await page.getByTestId('slider-captcha').getByText('验证失败').waitFor();
  await screenshot(page, 'captcha-slider-failed');
  await next;
  await page.waitForFunction(
    (old) => document.querySelector('[data-testid="slider-captcha"] [data-testid="captcha-background"]')?.getAttribute('src') !== old,
    before,
  );
  await page.getByTestId('slider-captcha').getByText('验证失败').waitFor({ state: 'detached' });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('click-word: click the words in order and see 验证成功', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/captcha');
  const { answer } = await freshCaptcha(page, 'clickword-captcha', 'clickWord');
  assert.equal(answer.length, 3);
  await page.getByTestId('clickword-captcha').getByText(/^请依次点击【.,.,.】$/).waitFor();
  const img = page.getByTestId('clickword-image');
  for (const p of answer) await img.click({ position: { x: p.x, y: p.y } });
  await page.getByTestId('clickword-captcha').getByText('验证成功').waitFor();
  await screenshot(page, 'captcha-clickword-success');
  await page.locator('[data-testid="captcha-result"][data-kind="clickWord"]').waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('pop mode slider and the graphic code', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/captcha');
  const codeImg = page.getByAltText('图形验证码');
  await codeImg.waitFor();
  const first = await codeImg.getAttribute('src');
  await page.getByTestId('graphic-code').click();
  await page.waitForFunction((old) => document.querySelector('img[alt="图形验证码"]')?.getAttribute('src') !== old, first);

  // The page's two inline widgets fetch their own captchas as it loads: the answer awaited below
  // must be the dialog's (a click-word one caught instead gave the drag no x, one CI run in many).
  for (const widget of ['slider-captcha', 'clickword-captcha']) await page.getByTestId(widget).getByTestId('captcha-background').waitFor();
  const got = page.waitForResponse((r) => r.url().endsWith('/captcha/get') && r.request().postDataJSON()?.captchaType === 'blockPuzzle');
  await page.getByRole('button', { name: '打开弹出式验证' }).click();
  await page.getByText('请完成安全验证').waitFor();
  const body = await (await got).json();
  const ans = await (await fetch(`${e2e.server.baseURL}/api/dev/captcha/${body.repData.token}`)).json();
  await page.getByRole('dialog').getByTestId('captcha-piece').waitFor();
  await showsPicture(page, '[role="dialog"]', body);
  await screenshot(page, 'captcha-pop');
  const handle = page.getByRole('dialog').getByTestId('slider-handle');
  const box = await handle.boundingBox();
  assert.ok(box);
  const x = JSON.parse(ans.data.pointJson).x;
  await page.mouse.move(box.x + 25, box.y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 25 + (x * i) / 8, box.y + 20);
  await page.mouse.up();
  await page.getByRole('dialog').getByText(/s验证成功$/).waitFor();
  await page.locator('[data-testid="captcha-result"][data-kind="pop"]').waitFor();
  await page.getByText('请完成安全验证').waitFor({ state: 'hidden' });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

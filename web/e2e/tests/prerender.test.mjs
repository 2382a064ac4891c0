// The login page painted from the HTML (docs/decisions/frontend-load.md, "Front-end load"): index.html carries a prerendered copy that
// public/boot.js shows on #/ before any module has run, with the graphic code it asked for;
// the app replaces the copy once its own page has mounted, keeping what was typed into it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildBinary, newPage, screenshot, startServer, useServerAndBrowser } from '../harness.mjs';

const e2e = useServerAndBrowser();

/** openHeld opens route with the app's entry script held back until release() is called. */
async function openHeld(route) {
  const context = await e2e.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.setDefaultTimeout(30_000);
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((r) => (release = () => r(undefined)));
  await page.route('**/assets/index-*.js', async (r) => {
    await released;
    await r.continue();
  });
  /** @type {string[]} */
  const codeRequests = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/verifycode' && codeRequests.push(r.method()));
  await page.goto(`${e2e.server.baseURL}/#${route}`, { waitUntil: 'commit' });
  return { page, problems, release, codeRequests };
}

test('the login page shows from the HTML with its graphic code; the app takes over what was typed, the code too', async () => {
  const { page, problems, release, codeRequests } = await openHeld('/');
  const copy = page.locator('#prerendered');
  await copy.getByTestId('login-page').waitFor();
  await copy.getByAltText('图形验证码').waitFor();
  const codeId = await copy.getByAltText('图形验证码').getAttribute('data-code-id');
  assert.ok(codeId, 'the copy shows a code');
  // The server wrote the picture into the page (internal/httpapi/loginpage.go): no request for it.
  assert.equal(codeRequests.length, 0, 'graphic-code requests while the page loads');
  const served = await (await fetch(`${e2e.server.baseURL}/`, { headers: { 'Sec-Fetch-Dest': 'document' } })).text();
  assert.match(served, /<img src="data:image\/png;base64,[^"]+" alt="图形验证码"[^>]* data-code-id="[a-z0-9]+"[^>]*>/);
  // The code of the picture shown, typed into the copy: the app shows the same picture, so what
  // was typed for it stays (useGraphicCode empties the field only when a picture replaces one).
  const answer = (await (await fetch(`${e2e.server.baseURL}/api/dev/verifycode/${codeId}`)).json()).data.code;
  await page.getByPlaceholder('请输入账号').fill('zhangsan01');
  await page.getByPlaceholder('请输入验证码').fill(answer);
  await page.getByPlaceholder('请输入密码').fill('Passw0rd!x');
  await page.getByPlaceholder('请输入密码').focus();

  release();
  await copy.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('login-form').count(), 1, 'one login form once the app is in');
  assert.equal(await page.getByPlaceholder('请输入账号').inputValue(), 'zhangsan01');
  assert.equal(await page.getByPlaceholder('请输入密码').inputValue(), 'Passw0rd!x');
  assert.equal(await page.getByPlaceholder('请输入验证码').inputValue(), answer);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('placeholder')), '请输入密码');
  // The app shows the same code: the page load spent one, and asked for none.
  assert.equal(await page.getByAltText('图形验证码').getAttribute('data-code-id'), codeId);
  assert.equal(codeRequests.length, 0, 'graphic-code requests once the app is in');
  // The code is a live one: its answer signs the form's check (the dev endpoint read it above).
  assert.match(answer, /^[0-9A-Za-z]{4}$/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('other routes never show the copy', async () => {
  const { page, problems, release } = await openHeld('/registerFrame');
  // The body is parsed (the held entry is all that is missing) and the copy is hidden.
  await page.locator('#prerendered').waitFor({ state: 'attached' });
  assert.equal(await page.locator('#prerendered').isVisible(), false);
  release();
  await page.getByRole('tab', { name: '个人注册' }).waitFor();
  assert.equal(await page.locator('#prerendered').count(), 0);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('a link of the copy clicked before the app is in opens its page', async () => {
  const { page, problems, release } = await openHeld('/');
  const copy = page.locator('#prerendered');
  await copy.getByTestId('login-page').waitFor();
  // The build writes the copy's links as hash routes (vite.config.ts, forTheServer): a path
  // would go to the server, which has none (404).
  await copy.getByRole('link', { name: '立即注册' }).click();
  await page.waitForFunction(() => location.hash === '#/registerFrame');
  assert.equal(new URL(page.url()).pathname, '/');
  release();
  await page.getByRole('tab', { name: '个人注册' }).waitFor();
  assert.equal(await page.locator('#prerendered').count(), 0);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('over its graphic-code budget an address gets the page without a code and is told 操作过于频繁', async () => {
  // A server of its own with a budget of 2 codes a minute (graphic-codes-per-minute).
  const dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-codes-'));
  const server = await startServer({
    binary: process.env.BIDPASS_E2E_BINARY ?? buildBinary(dir),
    env: { BIDPASS_DATABASE_URL: join(dir, 'codes.db'), BIDPASS_GRAPHIC_CODES_PER_MINUTE: '2' },
  });
  try {
    const navigate = () => fetch(`${server.baseURL}/`, { headers: { 'Sec-Fetch-Dest': 'document' } }).then((r) => r.text());
    assert.match(await navigate(), /data-code-id=/, 'the first navigation carries a code');
    const res = await fetch(`${server.baseURL}/api/auth/verifycode`, { method: 'POST' });
    assert.equal(res.status, 200, 'the endpoint spends the same budget');
    assert.doesNotMatch(await navigate(), /data-code-id=/, 'the third code of the minute is not issued');

    // In the browser: the page is there without a picture, and the user is told why.
    const page = await newPage(e2e.browser, server.baseURL, '/');
    await page.getByText('操作过于频繁，请稍后再试').first().waitFor();
    await page.getByText('获取失败，点击重试').waitFor();
    assert.equal(await page.getByAltText('图形验证码').count(), 0);
    await screenshot(page, 'login-codes-throttled');
    await page.getByPlaceholder('请输入账号').fill('zhangsan01');
    assert.equal(await page.getByPlaceholder('请输入账号').inputValue(), 'zhangsan01');
    await page.context().close();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

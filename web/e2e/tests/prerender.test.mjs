// The login page painted from the HTML (issue 19): index.html carries a prerendered copy that
// public/boot.js shows on #/ before any module has run, with the graphic code it asked for;
// the app replaces the copy once its own page has mounted, keeping what was typed into it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useServerAndBrowser } from '../harness.mjs';

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
  await page.goto(`${e2e.server.baseURL}/#${route}`, { waitUntil: 'commit' });
  return { page, problems, release };
}

test('the login page shows from the HTML with its graphic code; the app takes over what was typed', async () => {
  const { page, problems, release } = await openHeld('/');
  const copy = page.locator('#prerendered');
  await copy.getByTestId('login-page').waitFor();
  await copy.getByAltText('图形验证码').waitFor();
  const codeId = await copy.getByAltText('图形验证码').getAttribute('data-code-id');
  assert.ok(codeId, 'the copy shows the code boot.js asked for');
  await page.getByPlaceholder('请输入账号').fill('zhangsan01');
  await page.getByPlaceholder('请输入密码').fill('Passw0rd!x');
  await page.getByPlaceholder('请输入密码').focus();

  release();
  await copy.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('login-form').count(), 1, 'one login form once the app is in');
  assert.equal(await page.getByPlaceholder('请输入账号').inputValue(), 'zhangsan01');
  assert.equal(await page.getByPlaceholder('请输入密码').inputValue(), 'Passw0rd!x');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('placeholder')), '请输入密码');
  // The app shows the same code: the page load spent one.
  assert.equal(await page.getByAltText('图形验证码').getAttribute('data-code-id'), codeId);
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

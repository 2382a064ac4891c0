// A press on 登录, or Enter, at the earliest moment is never lost (docs/decisions/frontend-load.md,
// "Early presses on the login page"): the fields are filled as soon as the prerendered copy's form
// is in the page, as a password manager or a fast user does, and the form is submitted at once,
// before the app has taken over (held back: the press lands on the copy for certain) and, in
// other cold contexts, whenever that moment falls (not held). The slider pop-up opens every time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useServerAndBrowser, watch } from '../harness.mjs';

const e2e = useServerAndBrowser();
const ROUNDS = 3;

/**
 * pressEarly opens the login page in a cold context, fills the form the moment it is there and
 * submits it with how ('click' on 登录 or 'Enter' in the password field). held: the app's entry
 * is held back until the press is done. Returns the page once the slider pop-up is shown.
 * @param {'click' | 'Enter'} how @param {boolean} held
 */
async function pressEarly(how, held) {
  const context = await e2e.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = watch(await context.newPage());
  page.setDefaultTimeout(30_000);
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((r) => (release = () => r(undefined)));
  if (held) {
    await page.route('**/assets/index-*.js', async (r) => {
      await released;
      await r.continue();
    });
  }
  await page.goto(`${e2e.server.baseURL}/#/`, { waitUntil: 'commit' });
  // Whichever form is there first: the copy's, or the app's if it was quicker.
  const form = page.getByTestId('login-form').first();
  await form.waitFor();
  const img = form.getByAltText('图形验证码');
  await img.waitFor();
  const codeId = await img.getAttribute('data-code-id');
  assert.ok(codeId, 'the page carries a graphic code');
  const answer = (await (await fetch(`${e2e.server.baseURL}/api/dev/verifycode/${codeId}`)).json()).data.code;
  await form.getByPlaceholder('请输入账号').fill('zhangsan01');
  await form.getByPlaceholder('请输入密码').fill('Passw0rd!x');
  await form.getByPlaceholder('请输入验证码').fill(answer);
  if (held) assert.equal(await page.locator('#prerendered').count(), 1, 'the press lands on the prerendered copy');
  if (how === 'click') await form.getByRole('button', { name: /登\s*录/ }).click();
  else await form.getByPlaceholder('请输入密码').press('Enter');
  release();
  await page.getByTestId('slider-captcha').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#prerendered').count(), 0, 'the app has taken over');
  return page;
}

for (const how of /** @type {const} */ (['click', 'Enter'])) {
  test(`a ${how === 'click' ? 'click on 登录' : 'press of Enter'} before the app has started opens the slider, every time`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const page = await pressEarly(how, true);
      if (i === 0) await screenshot(page, `early-press-${how}`);
      await page.context().close();
    }
  });
  test(`a ${how === 'click' ? 'click on 登录' : 'press of Enter'} at the first moment the form is there opens the slider, every time`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const page = await pressEarly(how, false);
      await page.context().close();
    }
  });
}

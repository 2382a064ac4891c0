// Change-password and sign-in share one lockout (docs/decisions/identity.md, "Identity core"): five wrong current passwords in
// the account-security page lock the account's sign-in name, in real Chromium against a real
// `bidpass serve --dev`. This file starts a server of its own so that `bidpass account create`
// makes an account whose phone is free of the registration SMS cooldown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, devOutbox, freshGraphicCode, newPage, screenshot, signInThroughSlider, useOwnServer } from '../harness.mjs';

const own = useOwnServer('pwdlock');

const lockMessage = '登录失败次数过多，账号已锁定，请15分钟后再试';

/**
 * unexpected drops the browser's own log line for each refusal the test provokes on purpose
 * (400 for a wrong current password, 429 for the lock): those responses are what is tested.
 * Anything else (a page error, another failed request) stays and fails the test.
 * @param {string[]} problems
 */
function unexpected(problems) {
  return problems.filter((p) => !/Failed to load resource: the server responded with a status of (400|429)/.test(p));
}

test('five wrong current passwords in change-password lock sign-in with the same message', async () => {
  const s = createAccount(own, { account: 'e2epwdlock', password: 'Passw0rd1', phone: '13711110009' });
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(page, own.server.baseURL, s.account, s.password);
  await page.waitForURL(/#\/accountCenterPage$/);

  await page.goto(`${own.server.baseURL}/#/accountCenter/personal/accountSecurity`);
  const card = page.locator('.ant-card').filter({ hasText: '修改密码' });
  await card.getByTestId('pwd-graphic').fill(await freshGraphicCode(page, own.server.baseURL, card));
  await card.getByTestId('sms-button').click();
  await page.getByText('短信码已发送').waitFor();
  const sms = (await devOutbox(own.server.baseURL)).find((m) => m.to === s.phone && m.scene === 'password');
  assert.ok(sms, 'no password SMS in the outbox');
  await card.getByTestId('pwd-sms').fill(sms.code);
  await card.getByTestId('new-pwd').fill('NewPassw0rd2');
  await card.getByTestId('confirm-pwd').fill('NewPassw0rd2');

  /** submitWrong sends the form with a wrong current password and returns the HTTP status. */
  async function submitWrong(i) {
    await card.getByTestId('old-pwd').fill(`Wrong000${i}`);
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/account/pwd') && r.request().method() === 'PUT'),
      card.getByTestId('pwd-submit').click(),
    ]);
    return res.status();
  }
  // The SMS code is checked after the password, so one code serves every attempt.
  for (let i = 1; i <= 4; i++) {
    assert.equal(await submitWrong(i), 400, `attempt ${i}`);
    await card.getByText('原密码错误').waitFor();
  }
  assert.equal(await submitWrong(5), 429, 'attempt 5');
  await page.getByText(lockMessage).waitFor();
  // The form keeps what was typed.
  assert.equal(await card.getByTestId('old-pwd').inputValue(), 'Wrong0005');
  assert.equal(await card.getByTestId('new-pwd').inputValue(), 'NewPassw0rd2');
  await screenshot(page, 'password-lockout-change');

  // Sign-in with the right password is refused with the same message, in another browser.
  const other = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(other, own.server.baseURL, s.account, s.password);
  await other.getByText(lockMessage).waitFor();
  await screenshot(other, 'password-lockout-signin');
  assert.ok(!(await other.evaluate(() => localStorage.getItem('token'))), 'a locked account signed in');

  assert.deepEqual(unexpected(page.problems), []);
  assert.deepEqual(unexpected(other.problems), []);
  await page.context().close();
  await other.context().close();
});

// The second factor (docs/decisions/second-factor.md) in real Chromium against a real
// `bidpass serve --dev`: a person enrols 动态口令 in 账号安全管理 (the test computes the codes from
// the secret the page shows, with node's crypto, as an authenticator app would), signs in again with
// the password and a code, and replaces a lost authenticator with a recovery code.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { createAccount, newPage, screenshot, signInThroughSlider, useOwnServer } from '../harness.mjs';

const own = useOwnServer('mfa');

/** base32 decodes RFC 4648 base32 (no padding), the secret's spelling in authenticator apps. @param {string} s */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totp is RFC 6238's code (SHA-1, 6 digits, 30 s) of secret at the time step `steps` from now. @param {string} secret @param {number} steps */
function totp(secret, steps = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000) + steps));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const off = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a person enrols 动态口令, signs in with password and code, and a recovery code replaces a lost phone', async () => {
  const s = createAccount(own, { account: 'e2etotp01', password: 'Passw0rd1', phone: '13711110031' });
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(page, own.server.baseURL, s.account, s.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${own.server.baseURL}/#/accountCenter/personal/accountSecurity`);
  const card = page.getByTestId('totp-card');
  await card.getByTestId('totp-start').waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'second-factor-card-off');
  await card.getByTestId('totp-start').click();
  await card.getByTestId('totp-qr').waitFor();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(await card.getByTestId('totp-secret').innerText(), /^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await screenshot(page, 'second-factor-enrol');
  // A wrong code is refused and stays in the field.
  await card.getByTestId('totp-confirm-code').fill(totp(secret, 5));
  await card.getByTestId('totp-confirm-submit').click();
  await card.getByText('动态口令或恢复码不正确').first().waitFor();
  assert.equal(await card.getByTestId('totp-confirm-code').inputValue(), totp(secret, 5));
  await card.getByTestId('totp-confirm-code').fill(totp(secret));
  await card.getByTestId('totp-confirm-submit').click();
  await card.getByTestId('recovery-codes').waitFor();
  const codes = await card.locator('[data-testid="recovery-codes"] li code').allInnerTexts();
  assert.equal(codes.length, 10);
  for (const c of codes) assert.match(c, /^[2-9a-z]{5}-[2-9a-z]{5}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('recovery-download').click()]);
  assert.equal(download.suggestedFilename(), '恢复码.txt');
  await screenshot(page, 'second-factor-recovery-codes');
  await card.getByTestId('recovery-done').click();
  await card.getByTestId('totp-on').waitFor();
  await screenshot(page, 'second-factor-card-on');

  // Signed out (a fresh browser), the password alone no longer signs in: the second step asks the code.
  const again = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(again, own.server.baseURL, s.account, s.password);
  await again.getByTestId('second-step-form').waitFor();
  await screenshot(again, 'second-factor-signin-step');
  assert.ok(!(await again.evaluate(() => localStorage.getItem('token'))), 'a session before the second step');
  // The enrolment spent this time step's code: the next step's is within the ±1 step the server accepts.
  await again.locator('#secondStepCode').fill(totp(secret, 1));
  await again.getByTestId('second-step-submit').click();
  await again.waitForURL(/#\/accountCenterPage$/);

  // The phone is lost: a recovery code instead of the code.
  const lost = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(lost, own.server.baseURL, s.account, s.password);
  await lost.getByTestId('second-step-form').waitFor();
  await lost.getByTestId('second-step-toggle').click();
  await lost.locator('#secondStepCode').fill(codes[0] ?? '');
  await screenshot(lost, 'second-factor-signin-recovery');
  await lost.getByTestId('second-step-submit').click();
  await lost.waitForURL(/#\/accountCenterPage$/);

  // The spent recovery code does not open a second time.
  const reuse = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(reuse, own.server.baseURL, s.account, s.password);
  await reuse.getByTestId('second-step-toggle').click();
  await reuse.locator('#secondStepCode').fill(codes[0] ?? '');
  await reuse.getByTestId('second-step-submit').click();
  await reuse.getByText('动态口令或恢复码不正确').first().waitFor();
  assert.equal(await reuse.locator('#secondStepCode').inputValue(), codes[0]);
  await screenshot(reuse, 'second-factor-signin-wrong');

  const refusals = (p) => p.filter((x) => !/Failed to load resource: the server responded with a status of 400/.test(x));
  for (const p of [page, again, lost, reuse]) {
    assert.deepEqual(refusals(p.problems), []);
    await p.context().close();
  }
});

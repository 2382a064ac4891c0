// The second factor (docs/decisions/second-factor.md) in real Chromium against a real
// `bidpass serve --dev`: a person enrols 动态口令 in 账号安全管理 (the test computes the codes from
// the secret the page shows, with node's crypto, as an authenticator app would), signs in again with
// the password and a code, and replaces a lost authenticator with a recovery code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickSettled, cli, createAccount, forgetStaffFactor, newPage, screenshot, signInStaff, signInThroughSlider, staffFactor, totp, useOwnServer } from '../harness.mjs';

const own = useOwnServer('mfa');

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

test('a staff member enrols 动态口令 at the first console sign-in, gives it at the next, and an administrator’s reset brings the enrolment back', async () => {
  const base = own.server.baseURL;
  const pw = 'Review#2025abc';
  cli(own, ['admin', 'create', '--role', 'administrator', '--account', 'mfaadmin', '--password', pw]);
  cli(own, ['admin', 'create', '--role', 'reviewer', '--account', 'mfarev', '--password', pw]);
  const rev = await newPage(own.browser, base, '/');
  await signInStaff(rev, base, 'mfarev', pw, { shots: 'staff-factor' });
  const first = staffFactor(base, 'mfarev');
  assert.equal(first?.recovery.length, 10);
  const again = await newPage(own.browser, base, '/');
  await signInStaff(again, base, 'mfarev', pw, { shots: 'staff-factor' });

  const admin = await newPage(own.browser, base, '/');
  await signInStaff(admin, base, 'mfaadmin', pw);
  await admin.goto(`${base}/#/admin/staff`);
  await admin.getByTestId('staff-factor-mfarev').getByText('已绑定').waitFor();
  await admin.getByTestId('staff-factor-reset-mfarev').click();
  await clickSettled(admin.getByRole('button', { name: '确 定' }));
  await admin.getByTestId('staff-factor-mfarev').getByText('未绑定').waitFor();
  assert.equal(await admin.getByTestId('staff-factor-reset-mfaadmin').count(), 0, 'an administrator offered the reset of their own factor');
  await screenshot(admin, 'staff-factor-list');

  // The reset ended the member's sessions: the console asks the sign-in again, and it enrols anew.
  await again.reload();
  await again.getByTestId('graphic-code').waitFor();
  forgetStaffFactor(base, 'mfarev');
  await signInStaff(again, base, 'mfarev', pw);
  assert.notEqual(staffFactor(base, 'mfarev')?.secret, first?.secret);
  for (const p of [rev, again, admin]) {
    assert.deepEqual(p.problems.filter((x) => !/status of 401/.test(x)), []);
    await p.context().close();
  }
});

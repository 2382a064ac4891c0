// Sign-in, session expiry and recovery by phone (docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery") in real Chromium against a real
// `bidpass serve --dev`. This file starts a server of its own on a SQLite file it knows,
// so that `bidpass account create` (the operators' command) can make the accounts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, devOutbox, freshGraphicCode, newPage, screenshot, signInThroughSlider, useOwnServer } from '../harness.mjs';

const own = useOwnServer('auth', {
  beforeStart: (o) => {
    createAccount(o, { account: 'e2eperson', password: 'Passw0rd1', phone: '13700000001' });
    createAccount(o, { account: 'e2erecover', password: 'OldPassw0rd', phone: '13700000002' });
    createAccount(o, { account: 'e2esharea', password: 'Passw0rd1', phone: '13700000003' });
    createAccount(o, { account: 'e2eshareb', password: 'Passw0rd1', phone: '13700000004' });
  },
});

/** signIn fills the login form and passes the slider (the shared harness helper). */
function signIn(page, name, password) {
  return signInThroughSlider(page, own.server.baseURL, name, password);
}

test('login page: tabs, links, the certificate tab', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await page.getByText('用户登录').waitFor();
  await page.getByAltText('图形验证码').waitFor();
  await screenshot(page, 'auth-login');
  assert.equal(await page.getByRole('link', { name: '立即注册' }).count(), 1);
  assert.equal(await page.getByRole('link', { name: '忘记密码' }).count(), 1);
  await page.getByRole('tab', { name: '数字证书' }).click();
  await page.getByTestId('cert-login').waitFor();
  await screenshot(page, 'auth-login-cert');
  const basics = await newPage(own.browser, own.server.baseURL, '/?loginType=basics');
  await basics.getByText('用户登录').waitFor();
  assert.equal(await basics.getByRole('link', { name: '立即注册' }).count(), 1, 'basics shows the register link (01 §2)');
  assert.equal(await basics.getByRole('link', { name: '忘记密码' }).count(), 1, 'and the way back in for a forgotten password');
  const embedded = await newPage(own.browser, own.server.baseURL, '/?loginType=tender');
  await embedded.getByText('用户登录').waitFor();
  assert.equal(await embedded.getByRole('link', { name: '立即注册' }).count(), 0, 'another loginType shows no links');
  assert.equal(await embedded.getByRole('link', { name: '忘记密码' }).count(), 0);
  await embedded.context().close();
  assert.deepEqual(page.problems, []);
  await page.context().close();
  await basics.context().close();
});

test('a wrong password shows the message and a new graphic code, keeping what was typed', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await page.getByAltText('图形验证码').waitFor();
  await signIn(page, 'e2eperson', 'WrongPassw0rd');
  const before = await page.getByAltText('图形验证码').getAttribute('src');
  await page.getByText('账号或密码错误').waitFor();
  await page.waitForFunction((old) => document.querySelector('img[alt="图形验证码"]')?.getAttribute('src') !== old, before);
  await screenshot(page, 'auth-login-wrong-password');
  assert.equal(await page.getByPlaceholder('请输入账号').inputValue(), 'e2eperson');
  assert.equal(await page.getByPlaceholder('请输入密码').inputValue(), 'WrongPassw0rd');
  assert.equal(await page.getByPlaceholder('请输入验证码').inputValue(), '');
  // The browser logs the refused sign-in (400) itself; nothing else may appear.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 400')), []);
  await page.context().close();
});

test('a person signs in through the real slider, lands in the account centre; an expired session returns to login', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await page.getByAltText('图形验证码').waitFor();
  await signIn(page, 'e2eperson', 'Passw0rd1');
  await page.waitForURL(/#\/accountCenterPage$/).catch(async (e) => {
    await screenshot(page, 'debug-signin');
    throw e;
  });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token);
  assert.equal(await page.evaluate(() => localStorage.getItem('userType')), '1');
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'auth-account-centre');

  const r = await fetch(`${own.server.baseURL}/api/dev/session/expire`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200);
  await page.reload();
  await page.getByText('登录超时，请重新登录').first().waitFor();
  await page.waitForURL(/#\/(\?.*)?$/);
  await page.getByText('用户登录').waitFor();
  await screenshot(page, 'auth-session-expired');
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  await page.context().close();
});

test('on a shared computer, the next person to sign in sees their own account centre, nothing of the last one', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  const name = (account) => page.locator('.ant-descriptions-item-content', { hasText: account }).first();
  await page.getByAltText('图形验证码').waitFor();
  await signIn(page, 'e2esharea', 'Passw0rd1');
  await name('e2esharea').waitFor();
  await page.getByText('退出登录').click();
  await page.getByText('用户登录').waitFor();
  // At once, well within the account answers' 30 s freshness: they must not be shown to the next person.
  await page.getByAltText('图形验证码').waitFor();
  await signIn(page, 'e2eshareb', 'Passw0rd1');
  await name('e2eshareb').waitFor();
  assert.equal(await name('e2esharea').count(), 0);
  await page.context().close();
});

test('recovery by phone end to end, then sign-in with the new password', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await page.waitForURL(/#\/register\/forgetPwd$/);
  await page.getByText('验证身份').waitFor();
  await page.getByPlaceholder('请输入手机号').fill('13700000002');
  await page.getByPlaceholder('请输入验证码').fill(await freshGraphicCode(page, own.server.baseURL));
  await screenshot(page, 'recovery-phone-step0');
  await page.getByTestId('sms-button').click();
  await page.getByText('短信码已发送').waitFor();
  await page.getByText(/^1[12]\d秒后可发送$/).waitFor();
  const [msg] = await devOutbox(own.server.baseURL);
  assert.equal(msg.to, '13700000002');
  assert.equal(msg.scene, 'recover');
  await page.getByPlaceholder('请输入短信验证码').fill(msg.code);
  await page.getByTestId('verify-submit').click();

  await page.getByTestId('account-picker').waitFor();
  await page.getByText('e2erecover').waitFor();
  await screenshot(page, 'recovery-phone-step1');
  await page.getByTestId('pick-next').click();

  await page.getByText('确认修改').waitFor();
  await page.locator('#password').fill('short');
  await page.locator('#confirmPwd').fill('short');
  await page.getByTestId('reset-submit').click();
  await page.getByText('8-20位，必须包含数字、小写字母、大写字母、特殊字符中的2种').first().waitFor();
  await page.locator('#password').fill('NewPassw0rd');
  await page.locator('#confirmPwd').fill('NewPassw0rd');
  await screenshot(page, 'recovery-phone-step2');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('recovery-done').waitFor();
  await page.getByText(/秒后自动跳转到登录页/).waitFor();
  await screenshot(page, 'recovery-phone-done');
  await page.waitForURL(/#\/$/, { timeout: 8000 });

  await page.getByAltText('图形验证码').waitFor();
  await signIn(page, 'e2erecover', 'NewPassw0rd');
  await page.waitForURL(/#\/accountCenterPage$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('recovery pages: method cards and the mobileOrEmail wizard', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/supplyFrame');
  await page.getByTestId('method-mobile').waitFor();
  await page.getByTestId('method-cert-go').waitFor();
  await screenshot(page, 'recovery-methods');
  await page.getByTestId('method-mobile').getByRole('button', { name: '立即找回' }).click();
  await page.waitForURL(/mobileOrEmail$/);
  await page.getByRole('tab', { name: '法人账号' }).waitFor();
  await page.getByRole('tab', { name: '邮箱验证' }).click();
  await page.getByPlaceholder('请输入邮箱', { exact: true }).waitFor();
  await screenshot(page, 'recovery-mobile-or-email');
  await page.getByRole('tab', { name: '找回账号' }).click();
  await page.getByText('验证手机号或邮箱后，可查看其绑定的全部账号。').waitFor();
  await screenshot(page, 'recovery-find-account');
  await page.context().close();
});

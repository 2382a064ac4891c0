// What a newcomer trips on: e-mail binding and recovery by e-mail for an account registered in
// the browser; the phone change to the same number; the graphic code said at an empty submit.
// Real Chromium against a real `bidpass serve --dev`; the codes come from the dev outbox.
// (docs/decisions/sign-in.md, "E-mail binding"; captcha-and-codes.md, "An empty graphic code is said at the submit".)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, devOutbox, freshGraphicCode, newPage, screenshot, signInThroughSlider, useOwnServer } from '../harness.mjs';

const own = useOwnServer('newcomer-email');
const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

/** codeFrom waits for the newest code sent to `to` for scene in the dev outbox. */
async function codeFrom(page, to, scene, after = '') {
  for (let i = 0; i < 100; i++) {
    const m = (await devOutbox(own.server.baseURL)).find((x) => x.to === to && x.scene === scene);
    if (m && m.code !== after) return m.code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no ${scene} code to ${to}`);
}

async function shots(page, name) {
  for (const v of sizes) {
    await page.setViewportSize(v);
    await page.waitForTimeout(200);
    await screenshot(page, `${name}-${v.width}x${v.height}`);
  }
}

async function settled(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
}

test('e-mail: registered in the browser with an address, bound with codes, signed out, password recovered by e-mail, signed in with the new one', async () => {
  const base = own.server.baseURL;
  const account = `mail${Date.now() % 1000000}`;
  const phone = `137${String(Date.now() % 100000000).padStart(8, '0')}`;
  const address = `${account}@example.cn`;
  const page = await newPage(own.browser, base, '/register/personal', { viewport: sizes[0], timeout: 60_000 });
  const step = page.getByTestId('account-step');
  await step.waitFor();
  await step.getByLabel('账号').fill(account);
  await step.getByLabel('手机号').fill(phone);
  await step.getByLabel('密码', { exact: true }).fill('Passw0rd1');
  await step.getByLabel('确认密码').fill('Passw0rd1');
  await step.getByTestId('register-email').fill('not-an-address');
  await step.getByRole('checkbox').check();
  await page.getByTestId('account-submit').click();
  await step.getByText('请输入正确的邮箱地址').waitFor();
  await step.getByTestId('register-email').fill(address.toUpperCase());
  await step.getByPlaceholder('请输入验证码').fill(await freshGraphicCode(page, base, step));
  await step.getByTestId('sms-button').click();
  const registeredAt = Date.now();
  await step.getByPlaceholder('请输入短信验证码').fill(await codeFrom(page, phone, 'register'));
  await shots(page, 'newcomer-register-account-email');
  await page.getByTestId('account-submit').click();
  await page.getByTestId('account-step').waitFor({ state: 'detached' });

  // Account security: the address typed at registration is there, 未验证, offered for binding.
  await page.goto(`${base}/#/accountCenter/personal/accountSecurity`);
  const card = page.locator('.ant-card').filter({ hasText: '绑定邮箱' }).filter({ has: page.getByTestId('email-submit') });
  await card.getByTestId('email-state').getByText('未验证').waitFor();
  assert.equal(await card.getByTestId('bound-email').innerText().then((s) => s.startsWith('m***@example.cn')), true);
  assert.equal(await card.getByTestId('new-email').inputValue(), address);
  await settled(page);
  await shots(page, 'newcomer-security-email-unverified');

  // The address's code first; the graphic code is then spent and the card says why a new one is needed.
  await card.getByTestId('email-graphic').fill(await freshGraphicCode(page, base, card));
  await card.getByTestId('email-sms').getByTestId('sms-button').click();
  const mailedAt = Date.now();
  await page.getByText('邮箱验证码已发送').or(page.getByText('验证码已发送')).first().waitFor();
  await card.getByTestId('email-code').fill(await codeFrom(page, address, 'email'));
  await card.getByText('每个图形验证码只能发送一次验证码，再次发送请输入新的图形验证码').waitFor();
  // The bound phone got the registration SMS: its 120 s between two sends must pass first.
  await page.waitForTimeout(Math.max(0, registeredAt + 122_000 - Date.now()));
  await card.getByTestId('email-graphic').fill(await freshGraphicCode(page, base, card));
  await card.getByTestId('email-phone-sms').getByTestId('sms-button').click();
  await card.getByTestId('email-phone-code').fill(await codeFrom(page, phone, 'email'));
  await settled(page);
  await card.getByTestId('email-submit').click();
  await page.getByText('邮箱已绑定').waitFor();
  const changed = page.locator('.ant-card').filter({ hasText: '修改邮箱' });
  await changed.getByTestId('email-state').getByText('已验证').waitFor();
  assert.match(await changed.getByTestId('bound-email').innerText(), /^m\*\*\*@example\.cn/);
  await settled(page);
  await shots(page, 'newcomer-security-email-verified');

  // Signed out, the password is recovered by e-mail (找回密码 → 手机/邮箱验证 → 邮箱验证).
  await page.getByText('退出登录').click();
  await page.getByText('用户登录').waitFor();
  await page.goto(`${base}/#/supply/findPwd/mobileOrEmail`);
  await page.getByRole('tab', { name: '邮箱验证' }).click();
  await page.getByPlaceholder('请输入邮箱', { exact: true }).fill(address);
  await page.getByPlaceholder('请输入验证码').fill(await freshGraphicCode(page, base));
  const bindCode = await codeFrom(page, address, 'email');
  // The address has its own 120 s between two sends, counted from the binding code: on a slow
  // machine the steps above take less than that, and the send would answer 发送过于频繁.
  await page.waitForTimeout(Math.max(0, mailedAt + 122_000 - Date.now()));
  await page.getByTestId('sms-button').click();
  await page.getByPlaceholder('请输入邮箱验证码').fill(await codeFrom(page, address, 'recover', bindCode));
  await page.getByTestId('verify-submit').click();
  await page.getByTestId('account-picker').getByText(account).waitFor();
  await page.getByTestId('pick-next').click();
  await page.locator('#password').fill('NewPassw0rd2');
  await page.locator('#confirmPwd').fill('NewPassw0rd2');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('recovery-done').waitFor();

  await page.goto(`${base}/#/`);
  await signInThroughSlider(page, base, account, 'NewPassw0rd2');
  await page.waitForURL(/#\/(accountCenterPage|register\/.*|completeInfo.*)$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('userName')), account);
  await page.context().close();
});

test('phone change to the bound number says 新手机号不能与原手机号相同 before any send', async () => {
  const base = own.server.baseURL;
  const s = createAccount(own, { account: 'samephone1', password: 'Passw0rd1', phone: '13722220001' });
  const page = await newPage(own.browser, base, '/', { viewport: sizes[0], timeout: 60_000 });
  await signInThroughSlider(page, base, s.account, s.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${base}/#/accountCenter/personal/accountSecurity`);
  const card = page.locator('.ant-card').filter({ hasText: '修改手机号' });
  await card.getByTestId('phone-graphic').fill(await freshGraphicCode(page, base, card));
  await card.getByTestId('old-sms').getByTestId('sms-button').click();
  await page.getByText('短信码已发送').waitFor();
  // The first send spent the picture: the card says why the second asks for a new one.
  await card.getByText('每个图形验证码只能发送一次验证码，再次发送请输入新的图形验证码').waitFor();
  await card.getByTestId('new-phone').fill(s.phone);
  await card.getByTestId('phone-graphic').fill(await freshGraphicCode(page, base, card));
  await card.getByTestId('new-sms').getByTestId('sms-button').click();
  await card.getByText('新手机号不能与原手机号相同').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByText(/发送过于频繁/).count(), 0, 'the cooldown answered instead of the rule');
  await shots(page, 'newcomer-security-same-phone');
  await page.context().close();
});

test('an empty submit says the graphic code is needed, wherever the field carries the asterisk', async () => {
  const base = own.server.baseURL;
  const s = createAccount(own, { account: 'emptygraphic1', password: 'Passw0rd1', phone: '13722220002' });
  const page = await newPage(own.browser, base, '/', { viewport: sizes[0], timeout: 60_000 });
  await signInThroughSlider(page, base, s.account, s.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${base}/#/accountCenter/personal/accountSecurity`);
  for (const [title, submit] of [
    ['修改密码', 'pwd-submit'],
    ['修改手机号', 'phone-submit'],
    ['绑定邮箱', 'email-submit'],
  ]) {
    const card = page.locator('.ant-card').filter({ has: page.getByTestId(submit) });
    await card.getByTestId(submit).click();
    await card.locator('.ant-form-item-explain-error', { hasText: '请输入图形验证码' }).waitFor();
    assert.ok(title);
  }
  await shots(page, 'newcomer-security-empty-submit');

  await page.getByText('退出登录').click();
  await page.getByText('用户登录').waitFor();
  await page.goto(`${base}/#/supply/findPwd/mobileOrEmail`);
  await page.getByTestId('verify-submit').click();
  await page.locator('.ant-form-item-explain-error', { hasText: /^请输入验证码$/ }).waitFor();
  await shots(page, 'newcomer-recovery-empty-submit');

  await page.goto(`${base}/#/register/personal`);
  const step = page.getByTestId('account-step');
  await step.getByRole('checkbox').check();
  await page.getByTestId('account-submit').click();
  await step.locator('.ant-form-item-explain-error', { hasText: /^请输入验证码$/ }).waitFor();
  await shots(page, 'newcomer-register-empty-submit');
  await page.context().close();
});

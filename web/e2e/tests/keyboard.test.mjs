// Keyboard-only flows (docs/accessibility.md, "Conformance by WCAG 2.2 AA criterion"): each test does its flow with
// page.keyboard alone and shows that the page received no pointer, mouse or touch event at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, graphicAnswer, keyboardOnly, pointerEvents, registerPerson, screenshot, shownCode, signInByKeys, smsCodeFor, tabTo, useOwnServer, watch } from '../harness.mjs';

// A server of its own: createAccount (`bidpass account create`) makes an account whose phone has
// sent no registration SMS, so the recovery test's send is not held by the 120 s cooldown.
const e2e = useOwnServer('keyboard');

/**
 * keyboardPage opens route in a new zh-CN page that counts pointer events (keyboardOnly), waiting
 * for the app to take over the prerendered login copy, as newPage does.
 * @param {string} route
 */
async function keyboardPage(route) {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });
  const page = watch(await context.newPage());
  page.setDefaultTimeout(10_000);
  await keyboardOnly(page);
  await page.goto(`${e2e.server.baseURL}/#${route}`);
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(() => !document.getElementById('prerendered'));
  return page;
}

test('a person signs in with the keyboard alone: the graphic code typed, the slider moved by keys', async () => {
  const person = await registerPerson(e2e.server.baseURL, { account: 'kbperson1', phone: '13900000901' });
  const page = await keyboardPage('/');
  await page.getByAltText('图形验证码').waitFor();

  await signInByKeys(page, e2e.server.baseURL, person.account, person.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.getByText(person.account).first().waitFor();
  // The picture (and its axe check) is of the page the sign-in leads to: the slider's 验证成功 lasts
  // only until its dialog starts closing, and a scan then sees the fading dialog's blended colours
  // (4.33:1 in a clean-clone run) that no user is shown at rest.
  await screenshot(page, 'keyboard-signin-done');
  assert.deepEqual(await pointerEvents(page), [], 'the page received pointer events');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

/**
 * fieldOf is a CSS selector of the control labelled label in scope (read from the page, no pointer).
 * @param {import('playwright-core').Locator} scope @param {string} label
 */
async function fieldOf(scope, label) {
  return `[id="${await scope.getByLabel(label, { exact: true }).getAttribute('id')}"]`;
}

/**
 * uploadByKeys opens the file chooser of the upload box testId with Enter on its focused button
 * and gives it a small PNG, as a keyboard user picks a file.
 * @param {import('playwright-core').Page} page @param {string} testId
 */
async function uploadByKeys(page, testId) {
  await tabTo(page, `[data-testid="${testId}"] [role="button"]`, { max: 150 });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: `${testId}.png`, mimeType: 'image/png', buffer: PNG });
  await page.getByTestId(testId).locator('img').waitFor();
}

// A 1×1 PNG: the server checks the type and size, not the picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC', 'base64');

test('a person registers to the end with the keyboard alone, then signs in with the slider moved by keys', async () => {
  const page = await keyboardPage('/register/personal');
  // A listener turns on Playwright's file-chooser interception, which is sent to the browser
  // without waiting: set it long before Enter, or the first chooser could open unseen.
  page.on('filechooser', () => {});
  const account = `kbreg${Date.now() % 100000}`;
  const phone = `139${String(Date.now() % 100000000).padStart(8, '0')}`;
  const step = page.getByTestId('account-step');
  await step.waitFor();
  await tabTo(page, '#account');
  await page.keyboard.type(account);
  await page.keyboard.press('Tab');
  await page.keyboard.type(phone);
  await tabTo(page, '#pwd');
  await page.keyboard.type('abcd1234');
  await tabTo(page, '#confirmPwd');
  await page.keyboard.type('abcd1234');
  const first = await shownCode(step);
  await tabTo(page, '#verificationCode');
  await page.keyboard.type(await graphicAnswer(e2e.server.baseURL, first));
  // The code's input is as tall as the other fields, not as the 40 px picture beside it.
  const heights = await page.evaluate(() => ['account', 'verificationCode', 'smsCode'].map((id) => document.getElementById(id)?.closest('.ant-input-affix-wrapper, .ant-input')?.getBoundingClientRect().height));
  assert.equal(new Set(heights).size, 1, `field heights ${heights}`);
  await tabTo(page, '[data-testid="sms-button"]');
  await page.keyboard.press('Enter');
  const sms = await smsCodeFor(e2e.server.baseURL, phone, 'register');
  // The send used the picture up; Shift+Tab back to the code for the new one.
  const fresh = await shownCode(step, first);
  await tabTo(page, '#verificationCode', { back: true });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(await graphicAnswer(e2e.server.baseURL, fresh));
  await tabTo(page, '#smsCode');
  await page.keyboard.type(sms);
  await tabTo(page, '#isAgree');
  await page.keyboard.press('Space');
  await screenshot(page, 'keyboard-register-0-filled');
  await tabTo(page, '[data-testid="account-submit"]');
  await page.keyboard.press('Enter');

  const info = page.getByTestId('real-info-step');
  await info.waitFor();
  await tabTo(page, await fieldOf(info, '真实姓名'));
  await page.keyboard.type('键盘');
  await tabTo(page, await fieldOf(info, '证件号码'));
  await page.keyboard.type('11010519491231002X');
  await tabTo(page, ':is([data-testid="cert-start"], [data-testid="cert-start"] input)');
  await page.keyboard.type('2020-01-01');
  await page.keyboard.press('Enter');
  await tabTo(page, 'button', { text: '+10年' });
  await page.keyboard.press('Enter');
  // The region: typed into the cascader's search, the match chosen with the arrow and Enter.
  await tabTo(page, ':is([data-testid="area-cascader"], [data-testid="area-cascader"] input)');
  await page.keyboard.type('东城');
  await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await info.getByTestId('area-cascader').getByText('北京市 / 东城区').waitFor();
  await tabTo(page, await fieldOf(info, '详细地址'));
  await page.keyboard.type('东长安街1号');
  await screenshot(page, 'keyboard-register-1-filled');
  await tabTo(page, '[data-testid="real-info-submit"]');
  await page.keyboard.press('Enter');

  const auth = page.getByTestId('real-auth-step');
  await auth.waitFor();
  for (const id of ['upload-front', 'upload-back', 'upload-take']) await uploadByKeys(page, id);
  await tabTo(page, await fieldOf(auth, '证件地址'));
  await page.keyboard.type('北京市东城区东长安街1号');
  await screenshot(page, 'keyboard-register-2-filled');
  await tabTo(page, '[data-testid="real-auth-submit"]');
  await page.keyboard.press('Enter');

  await page.getByTestId('done-card').waitFor();
  await screenshot(page, 'keyboard-register-3-done');
  await tabTo(page, '[data-testid="done-card"] a');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/(login)?$/);
  await page.getByAltText('图形验证码').waitFor();
  await signInByKeys(page, e2e.server.baseURL, account, 'abcd1234');
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.getByText(account).first().waitFor();
  assert.deepEqual(await pointerEvents(page), [], 'the page received pointer events');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

/**
 * codesByKeys types the graphic code shown in scope into graphicField, presses the SMS send
 * button that follows it, waits for the page's answer (短信码已发送: the outbox has the code before
 * the page has the code's id its submit names; a submit in between was refused with 400 in a
 * clean-clone run), then Shift+Tabs back to smsField and types the code sent to phone for scene.
 * @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} scope
 * @param {{ graphicField: string, smsField: string, phone: string, scene: string }} o CSS selectors, the phone, the scene
 */
async function codesByKeys(page, scope, { graphicField, smsField, phone, scene }) {
  const code = await shownCode(scope);
  await tabTo(page, graphicField);
  await page.keyboard.type(await graphicAnswer(e2e.server.baseURL, code));
  // The send button is the first one after the graphic code.
  await tabTo(page, '[data-testid="sms-button"]');
  await page.keyboard.press('Enter');
  await page.getByText('短信码已发送').waitFor();
  const sms = await smsCodeFor(e2e.server.baseURL, phone, scene);
  await tabTo(page, smsField, { back: true });
  await page.keyboard.type(sms);
}

test('a person recovers the password with the keyboard alone: phone, graphic code, SMS code, the account picked, the new password', async () => {
  const person = createAccount(e2e, { account: 'kbrecover1', password: 'Passw0rd1', phone: '13900000902' });
  const page = await keyboardPage('/supply/findPwd/mobileOrEmail');
  const form = page.locator('form').filter({ has: page.getByTestId('verify-submit') });
  await form.waitFor();
  await tabTo(page, '#to');
  await page.keyboard.type(person.phone);
  await codesByKeys(page, form, { graphicField: '#verificationCode', smsField: '#smsCode', phone: person.phone, scene: 'recover' });
  await screenshot(page, 'keyboard-recover-1-verify');
  await page.keyboard.press('Enter');

  // The account is picked with Space on its radio, then 下一步.
  const picker = page.getByTestId('account-picker');
  await picker.getByText(person.account).waitFor();
  await tabTo(page, `input[type="radio"][aria-label="${person.account}"]`);
  await page.keyboard.press('Space');
  await tabTo(page, '[data-testid="pick-next"]');
  await screenshot(page, 'keyboard-recover-2-picked');
  await page.keyboard.press('Enter');

  await tabTo(page, '#password');
  await page.keyboard.type('NewPassw0rd2');
  await tabTo(page, '#confirmPwd');
  await page.keyboard.type('NewPassw0rd2');
  await page.keyboard.press('Enter');
  await page.getByTestId('recovery-done').waitFor();
  await screenshot(page, 'keyboard-recover-3-done');
  await page.goto(`${e2e.server.baseURL}/#/`);
  await page.getByAltText('图形验证码').waitFor();
  await signInByKeys(page, e2e.server.baseURL, person.account, 'NewPassw0rd2');
  await page.waitForURL(/#\/(accountCenterPage|completeInfo.*)$/);
  assert.deepEqual(await pointerEvents(page), [], 'the page received pointer events');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a person changes the password in 账号安全 with the keyboard alone', async () => {
  const person = createAccount(e2e, { account: 'kbpwd1', password: 'Passw0rd1', phone: '13900000903' });
  const page = await keyboardPage('/');
  await page.getByAltText('图形验证码').waitFor();
  await signInByKeys(page, e2e.server.baseURL, person.account, person.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${e2e.server.baseURL}/#/accountCenter/personal/accountSecurity`);
  const card = page.locator('.ant-card').filter({ has: page.getByTestId('pwd-submit') });
  await card.waitFor();
  // The cards share field names; their ids must not repeat (a label or a skip to an id finds one).
  const repeated = await page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll('[id]'), (e) => e.id);
    return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  });
  assert.deepEqual(repeated, [], 'ids on the page twice');
  await tabTo(page, '[data-testid="old-pwd"]');
  await page.keyboard.type(person.password);
  await tabTo(page, '[data-testid="new-pwd"]');
  await page.keyboard.type('NewPassw0rd2');
  await tabTo(page, '[data-testid="confirm-pwd"]');
  await page.keyboard.type('NewPassw0rd2');
  await codesByKeys(page, card, { graphicField: '[data-testid="pwd-graphic"]', smsField: '[data-testid="pwd-sms"]', phone: person.phone, scene: 'password' });
  await tabTo(page, '[data-testid="pwd-submit"]');
  await page.keyboard.press('Enter');
  await page.getByText('密码已修改，其他设备上的登录已失效。').waitFor();
  await screenshot(page, 'keyboard-security-password-changed');
  // What was typed is cleared once it took.
  assert.equal(await card.getByTestId('old-pwd').inputValue(), '');
  assert.deepEqual(await pointerEvents(page), [], 'the page received pointer events');
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // The new password signs in (the server changed it, not only the page).
  const again = await keyboardPage('/');
  await again.getByAltText('图形验证码').waitFor();
  await signInByKeys(again, e2e.server.baseURL, person.account, 'NewPassw0rd2');
  await again.waitForURL(/#\/accountCenterPage$/);
  assert.deepEqual(again.problems, []);
  await again.context().close();
});

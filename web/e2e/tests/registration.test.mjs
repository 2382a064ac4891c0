// Registration end to end (docs/decisions/registration.md, "Registration (registration engineer)"): an enterprise and an individual register through the
// real wizards against the real server (--dev): graphic codes from /api/dev/verifycode,
// SMS codes from the dev outbox, real small PNG and JPEG uploads. Every step is
// screenshotted to e2e/screenshots/registration-*.png. Then the registration is checked
// from the server's side (GET /api/register/progress). Then each account signs in through
// the login page and the real slider: a finished registration lands in the account centre
// (01 §4 password login); a half-finished one, signed in from a fresh browser (the tab was
// closed), lands on /completeInfo at the step it left with what it saved shown again.
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { test } from 'node:test';
import { graphicAnswer, newPage, screenshot, shownCode, signInThroughSlider, smsCodeFor, useServerAndBrowser, watch } from '../harness.mjs';

const e2e = useServerAndBrowser();

/** png returns a real w×h PNG filled with one colour. */
function png(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3).map((_, i) => [r, g, b][i % 3])]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A minimal real baseline JPEG (1×1, grey), as cameras and scanners produce them.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

let phoneSeq = Date.now() % 100000000;
const newPhone = () => `139${String(++phoneSeq).padStart(8, '0').slice(-8)}`;

/** fillAccountStep fills and submits step 0 (account information) of either wizard. */
async function fillAccountStep(page, { account, phone, password }) {
  const step = page.getByTestId('account-step');
  await step.getByLabel('账号').fill(account);
  await step.getByLabel('手机号').fill(phone);
  await step.getByLabel('密码', { exact: true }).fill(password);
  await page.getByTestId('password-strength').waitFor();
  await step.getByLabel('确认密码').fill(password);
  const first = await shownCode(step);
  await step.getByPlaceholder('请输入验证码').fill(await graphicAnswer(e2e.server.baseURL, first));
  await page.getByTestId('sms-button').click();
  const code = await smsCodeFor(e2e.server.baseURL, phone, 'register');
  // The SMS send used the picture up: type the new one for the final submit.
  const fresh = await shownCode(step, first);
  await step.getByPlaceholder('请输入验证码').fill(await graphicAnswer(e2e.server.baseURL, fresh));
  await step.getByPlaceholder('请输入短信验证码').fill(code);
  await step.getByRole('checkbox').check();
}

/** pick chooses a path in an antd Cascader. */
async function pick(page, testId, labels) {
  await page.getByTestId(testId).click();
  for (const l of labels) {
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: new RegExp(`^${l}$`) }).first().click();
  }
  await page.keyboard.press('Escape');
}

async function selectOption(page, formItemLabel, option) {
  await page.getByLabel(formItemLabel, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function upload(page, testId, name, buffer, mimeType) {
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  await page.getByTestId(testId).locator('img').waitFor();
}

/**
 * signInFromDone follows the done page's 立即登录 link (as a user would, before the 15 s
 * countdown does it), signs in through the real slider and checks the landing page: the
 * account centre, with the account name in the header; screenshots it as name.
 */
async function signInFromDone(page, account, password, name) {
  await page.getByTestId('done-card').getByRole('link', { name: '立即登录' }).click();
  await page.getByTestId('login-page').waitFor();
  assert.match(page.url(), /#\/$/);
  await signInThroughSlider(page, e2e.server.baseURL, account, password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.getByTestId('app-header').getByText(account, { exact: true }).waitFor();
  // The centre shows the account and the review under way (authState 99: 认证中).
  await page.locator('.ant-descriptions').getByText(account, { exact: true }).waitFor();
  await page.getByTestId('auth-tag').getByText('认证中', { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('registerProcess')), null);
  await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
}

/**
 * resumeBySignIn opens the login page in a fresh browser context (no stored session: the
 * registration tab was closed), signs in and checks it lands on /completeInfo with the
 * account's id and kind in the query (01 §4: registerProcess 1 → completeInfo). Returns the
 * page; the caller checks the step and closes its context.
 */
async function resumeBySignIn(account, password, { id, isPerson }) {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  await signInThroughSlider(page, e2e.server.baseURL, account, password);
  await page.waitForURL(/#\/completeInfo\?/);
  const q = new URLSearchParams(page.url().split('?')[1]);
  assert.equal(q.get('accountId'), String(id));
  assert.equal(q.get('isPerson'), String(isPerson));
  assert.equal(await page.evaluate(() => localStorage.getItem('registerProcess')), '1');
  await page.getByText('您的注册尚未完成').waitFor();
  await page.getByTestId('app-header').getByText(account, { exact: true }).waitFor();
  return page;
}

async function apiAs(token, path) {
  const r = await fetch(`${e2e.server.baseURL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return r.json();
}

test('an enterprise registers: account, basic information, authentication, done', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/registerFrame');
  await page.getByTestId('account-step').waitFor();
  await page.getByTestId('help-panel').waitFor();
  assert.match(page.url(), /#\/register\/legalPerson$/);
  await screenshot(page, 'registration-enterprise-0-empty');

  // The agreement dialog shows its eight sections.
  await page.getByText('《用户注册协议》').click();
  await page.getByTestId('document-agreement').getByText('八、法律适用与争议解决').waitFor();
  await screenshot(page, 'registration-agreement');
  await page.getByRole('button', { name: '我已阅读' }).click();
  await page.getByText('《隐私政策》').click();
  await page.getByTestId('document-privacy').getByText('三、保存期限').waitFor();
  await screenshot(page, 'registration-privacy');
  await page.getByRole('button', { name: '我已阅读' }).click();

  // A weak password is refused with the enterprise rule.
  const step = page.getByTestId('account-step');
  await step.getByLabel('密码', { exact: true }).fill('abc12345');
  await page.getByTestId('account-submit').click();
  await page.getByText('请阅读并勾选《用户注册协议》').first().waitFor();

  const account = `corp${Date.now() % 1000000}`;
  const phone = newPhone();
  await fillAccountStep(page, { account, phone, password: 'Road&Bridge2026' });
  await screenshot(page, 'registration-enterprise-0-filled');
  await page.getByTestId('account-submit').click();

  // Step 1: basic information.
  const info = page.getByTestId('enterprise-info-step');
  await info.waitFor();
  await screenshot(page, 'registration-enterprise-1-empty');
  await page.getByTestId('enterprise-info-submit').click();
  await page.getByText('企业属别不能为空').waitFor();
  // The business licence is uploaded here, with the unit's data (01 §2 step 1).
  await info.getByText('请上传营业执照').waitFor();
  await page.getByText('注册资本只能填写数字').or(page.getByText('企业名称不能为空')).first().waitFor();
  await screenshot(page, 'registration-enterprise-1-errors');

  await selectOption(page, '企业属别', '境内企业');
  await info.getByLabel('企业名称').fill('福建省路桥建设测试有限公司');
  // The credit code's check character is checked in the browser (GB 32100), as the ID's is.
  await info.getByLabel('企业证件号码').fill('91350100M000100Y44');
  await info.getByLabel('企业证件号码').blur();
  await page.getByText('请输入正确的18位统一社会信用代码').waitFor();
  await info.getByLabel('企业证件号码').fill('91350100M000100Y43');
  await page.getByText('请输入正确的18位统一社会信用代码').waitFor({ state: 'detached' });
  await pick(page, 'ent-area', ['福建省', '福州市', '鼓楼区']);
  await info.getByLabel('详细地址').fill('五四路100号');
  await pick(page, 'ent-industry', ['建筑业', '房屋建筑业', '住宅房屋建筑']);
  await info.getByLabel('注册资本').fill('五千');
  await page.getByText('注册资本只能填写数字').waitFor();
  await info.getByLabel('注册资本').fill('5000.5');
  await info.getByLabel('法定代表人姓名').fill('李四');
  await info.getByLabel('证件号码', { exact: true }).fill('11010519491231002X');
  await info.getByLabel('联系人姓名').fill('王五');
  const contact = newPhone();
  await info.getByLabel('联系电话').fill(contact);
  const first = await shownCode(info);
  await info.getByPlaceholder('请输入验证码').fill(await graphicAnswer(e2e.server.baseURL, first));
  await page.getByTestId('sms-button').click();
  const code = await smsCodeFor(e2e.server.baseURL, contact, 'contact');
  await shownCode(info, first);
  await info.locator('input#legalPersonDto_checkCode').fill(code);
  await upload(page, 'upload-licence', 'licence.png', png(64, 40, [30, 90, 200]), 'image/png');
  await info.getByText('请上传营业执照').waitFor({ state: 'detached' });
  await screenshot(page, 'registration-enterprise-1-filled');
  await page.getByTestId('enterprise-info-submit').click();

  // Step 2: authentication; upload mode first.
  await page.getByTestId('enterprise-auth-step').waitFor();
  await screenshot(page, 'registration-enterprise-2-upload-mode-off');
  await page.getByTestId('enterprise-auth-submit').click();
  await page.getByText('请上传相关证件！').waitFor();

  // The half-finished registration is resumable: a new tab with the stored session
  // opens /completeInfo at the authentication step with the saved data.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const progress = await apiAs(token, '/api/register/progress');
  assert.equal(progress.data.step, 2);
  assert.equal(progress.data.enterprise.enterpriseDto.capital, '5000.5');
  const licenceId = progress.data.enterprise.enterpriseDto.enterpriseId;
  assert.ok(licenceId, 'the licence is saved with the basic information');
  const resumed = watch(await page.context().newPage());
  await resumed.goto(`${e2e.server.baseURL}/#/completeInfo`);
  await resumed.getByTestId('enterprise-auth-step').waitFor();
  await resumed.getByText('您的注册尚未完成').waitFor();
  await screenshot(resumed, 'registration-enterprise-resume-completeInfo');
  // Back (only from this step) shows the saved basic information again.
  await resumed.getByRole('button', { name: '上一步' }).click();
  await resumed.getByTestId('enterprise-info-step').waitFor();
  assert.equal(await resumed.getByLabel('企业名称').inputValue(), '福建省路桥建设测试有限公司');
  // The licence uploaded on step 1 is shown again (its picture, downloaded with the token).
  await resumed.getByTestId('upload-licence').locator('img').waitFor();
  await resumed.getByText('该号码已验证').waitFor();
  await screenshot(resumed, 'registration-enterprise-resume-info');
  await resumed.close();

  // The same, signed in from a fresh browser through the login page.
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  const signedIn = await resumeBySignIn(account, 'Road&Bridge2026', { id: userId, isPerson: false });
  await signedIn.getByTestId('enterprise-auth-step').waitFor();
  await signedIn.waitForLoadState('networkidle');
  await screenshot(signedIn, 'registration-enterprise-signin-resume-completeInfo');
  await signedIn.getByRole('button', { name: '上一步' }).click();
  await signedIn.getByTestId('enterprise-info-step').waitFor();
  assert.equal(await signedIn.getByLabel('企业名称').inputValue(), '福建省路桥建设测试有限公司');
  assert.equal(await signedIn.getByLabel('注册资本').inputValue(), '5000.5');
  assert.equal(await signedIn.getByLabel('联系人姓名').inputValue(), '王五');
  // Forward by the indicator: /completeInfo's 完善信息 box holds both steps, so the second
  // indicator under it sets the reached 实名认证 again, and back (01 §2).
  const inner = signedIn.locator('.inner-steps');
  await inner.getByText('实名认证').click();
  await signedIn.getByTestId('enterprise-auth-step').waitFor();
  await screenshot(signedIn, 'registration-enterprise-resume-inner-steps');
  await inner.getByText('基本信息').click();
  await signedIn.getByTestId('enterprise-info-step').waitFor();
  assert.deepEqual(signedIn.problems, []);
  await signedIn.context().close();

  await page.getByTestId('upload-mode').click();
  assert.equal(await page.getByTestId('upload-licence').count(), 0, 'the licence belongs to step 1');
  await upload(page, 'upload-legal-front', 'front.jpg', JPEG, 'image/jpeg');
  await upload(page, 'upload-legal-back', 'back.png', png(64, 40, [200, 120, 30]), 'image/png');
  // Photos already uploaded are kept on 上一步 then 下一步 (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
  await page.getByRole('button', { name: '上一步' }).click();
  await page.getByTestId('enterprise-info-step').waitFor();
  await page.getByTestId('upload-licence').locator('img').waitFor();
  await page.getByTestId('enterprise-info-submit').click();
  await page.getByTestId('enterprise-auth-step').waitFor();
  await page.getByTestId('upload-legal-front').locator('img').waitFor();
  await page.getByTestId('upload-legal-back').locator('img').waitFor();
  // ...and on the browser's Back then Forward, which leave the wizard and come back to it.
  await page.goto(`${e2e.server.baseURL}/#/dev/outbox`);
  await page.goBack();
  await page.getByTestId('enterprise-auth-step').waitFor();
  await page.getByTestId('upload-legal-front').locator('img').waitFor();
  await page.goForward();
  await page.goBack();
  await page.getByTestId('enterprise-auth-step').waitFor();
  await page.getByTestId('upload-legal-back').locator('img').waitFor();
  await screenshot(page, 'registration-enterprise-2-uploaded');
  await page.getByTestId('enterprise-auth-submit').click();

  await page.getByTestId('done-card').waitFor();
  await page.getByText('15秒后自动跳转到登录页').or(page.getByText('14秒后自动跳转到登录页')).first().waitFor();
  await screenshot(page, 'registration-enterprise-3-done');
  const after = await apiAs(token, '/api/register/progress');
  assert.equal(after.data.registerProcess, 0);
  assert.equal(after.data.authState, 99);

  // A finished registration signs in to the account centre.
  await signInFromDone(page, account, 'Road&Bridge2026', 'registration-enterprise-signin-account-centre');
  assert.equal(await page.evaluate(() => localStorage.getItem('userType')), '2');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an individual registers: account, real-name information, authentication, done', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/register/personal');
  await page.getByTestId('account-step').waitFor();
  await screenshot(page, 'registration-person-0-empty');
  const account = `zhang${Date.now() % 1000000}`;
  await fillAccountStep(page, { account, phone: newPhone(), password: 'abcd1234' });
  await screenshot(page, 'registration-person-0-filled');
  await page.getByTestId('account-submit').click();

  const info = page.getByTestId('real-info-step');
  await info.waitFor();

  // Only the account exists; the tab is closed. Signing in resumes at 完善信息 (step 1),
  // the form empty (nothing else was saved) and the account name in the header.
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  const r0 = await resumeBySignIn(account, 'abcd1234', { id: userId, isPerson: true });
  await r0.getByTestId('real-info-step').waitFor();
  assert.equal(await r0.getByTestId('real-info-step').getByLabel('真实姓名').inputValue(), '');
  await r0.waitForLoadState('networkidle');
  await screenshot(r0, 'registration-person-signin-resume-step1');
  assert.deepEqual(r0.problems, []);
  await r0.context().close();
  await page.getByTestId('real-info-submit').click();
  await page.getByText('请填写真实姓名').waitFor();
  await screenshot(page, 'registration-person-1-errors');
  await info.getByLabel('真实姓名').fill('张三');
  await info.getByLabel('证件号码').fill('110105194912310021');
  await page.getByTestId('real-info-submit').click();
  await page.getByText('请输入正确的18位证件号码').waitFor();
  await info.getByLabel('证件号码').fill('11010519491231002x');
  await page.getByTestId('cert-start').click();
  await page.keyboard.type('2020-01-01');
  await page.keyboard.press('Enter');
  await info.getByRole('button', { name: '+10年' }).click();
  const endValue = await page
    .getByTestId('cert-end')
    .evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.querySelector('input')?.value ?? '')));
  assert.equal(endValue, '2030-01-01');
  await pick(page, 'area-cascader', ['北京市', '东城区']);
  await info.getByLabel('详细地址').fill('东长安街1号');
  // 上一步 goes back to the account step, shown as the account already created (01 §2:
  // Previous moves back one step); 下一步 returns with everything typed still there.
  await page.getByTestId('real-info-previous').click();
  const created = page.getByTestId('account-created-step');
  await created.getByText(account, { exact: true }).waitFor();
  await screenshot(page, 'registration-person-0-created');
  await page.getByTestId('account-created-next').click();
  assert.equal(await info.getByLabel('真实姓名').inputValue(), '张三');
  assert.equal(await info.getByLabel('详细地址').inputValue(), '东长安街1号');
  // A click on the step indicator sets a step already reached, and only such a step.
  const steps = page.locator('.ant-steps');
  await steps.getByText('实名认证').click();
  await info.waitFor();
  await steps.getByText('账号信息').click();
  await created.waitFor();
  await steps.getByText('实名信息').click();
  assert.equal((await info.getByLabel('证件号码').inputValue()).toUpperCase(), '11010519491231002X');
  assert.equal(
    await page.getByTestId('cert-end').evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.querySelector('input')?.value ?? ''))),
    '2030-01-01',
  );
  await screenshot(page, 'registration-person-1-filled');
  await page.getByTestId('real-info-submit').click();

  const auth = page.getByTestId('real-auth-step');
  await auth.waitFor();
  await auth.getByText('未认证').waitFor();

  // Left at the authentication step: signing in resumes there with the saved name and
  // number; 上一步 shows the saved real-name information again.
  const r1 = await resumeBySignIn(account, 'abcd1234', { id: userId, isPerson: true });
  const auth1 = r1.getByTestId('real-auth-step');
  await auth1.waitFor();
  await auth1.getByText('张三').waitFor();
  await auth1.getByText('11010519491231002X').waitFor();
  await r1.waitForLoadState('networkidle');
  await screenshot(r1, 'registration-person-signin-resume-step2');
  await r1.getByRole('button', { name: '上一步' }).click();
  const info1 = r1.getByTestId('real-info-step');
  await info1.waitFor();
  assert.equal(await info1.getByLabel('真实姓名').inputValue(), '张三');
  assert.equal(await info1.getByLabel('详细地址').inputValue(), '东长安街1号');
  assert.deepEqual(r1.problems, []);
  await r1.context().close();
  await page.getByTestId('real-auth-submit').click();
  await page.getByText('请上传证件正面').waitFor();
  await screenshot(page, 'registration-person-2-errors');
  await upload(page, 'upload-front', 'front.png', png(80, 50, [20, 140, 90]), 'image/png');
  await upload(page, 'upload-back', 'back.jpg', JPEG, 'image/jpeg');
  await upload(page, 'upload-take', 'take.png', png(50, 80, [160, 40, 160]), 'image/png');
  await auth.getByLabel('证件地址').fill('北京市东城区东长安街1号');
  // Photos already uploaded are kept on 上一步 then 下一步, and on the browser's Back and
  // Forward (docs/decisions/usability.md, "A careful user's findings (behaviour items)"); the indicator sets the reached authentication step again.
  await page.getByRole('button', { name: '上一步' }).click();
  await info.waitFor();
  await page.getByTestId('real-info-submit').click();
  await auth.waitFor();
  for (const id of ['upload-front', 'upload-back', 'upload-take']) await page.getByTestId(id).locator('img').waitFor();
  await steps.getByText('实名信息').click();
  await info.waitFor();
  await steps.getByText('实名认证').click();
  await page.getByTestId('upload-take').locator('img').waitFor();
  await page.goto(`${e2e.server.baseURL}/#/dev/outbox`);
  await page.goBack();
  await auth.waitFor();
  for (const id of ['upload-front', 'upload-back', 'upload-take']) await page.getByTestId(id).locator('img').waitFor();
  assert.equal(await auth.getByLabel('证件地址').inputValue(), '北京市东城区东长安街1号');
  await page.goForward();
  await page.goBack();
  await page.getByTestId('upload-front').locator('img').waitFor();
  await screenshot(page, 'registration-person-2-filled');
  await page.getByTestId('real-auth-submit').click();
  await page.getByTestId('done-card').waitFor();
  await screenshot(page, 'registration-person-3-done');

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const p = await apiAs(token, '/api/register/progress');
  assert.equal(p.data.registerProcess, 0);
  assert.equal(p.data.authState, 99);
  assert.equal(p.data.person.certNum, '11010519491231002X');
  assert.equal(p.data.person.certEnd, '2030-01-01');
  assert.equal(await page.evaluate(() => localStorage.getItem('registerProcess')), null);

  // The finished registration signs in to the account centre.
  await signInFromDone(page, account, 'abcd1234', 'registration-person-signin-account-centre');
  assert.equal(await page.evaluate(() => localStorage.getItem('userType')), '1');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('switching the registration kind asks first, and Back leaves registration with the typed name kept for Forward', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  await page.goto(`${e2e.server.baseURL}/#/register/legalPerson`);
  await page.getByTestId('account-step').waitFor();
  // Nothing typed: the switch is at once, and replaces the entry (Back does not land on 单位注册).
  await page.getByRole('tab', { name: '个人注册' }).click();
  await page.waitForURL(/#\/register\/personal$/);
  // The person's wizard (its 实名信息 box), not the enterprise's account step still going away.
  await page.locator('.ant-steps').getByText('实名信息').waitFor();
  const step = page.getByTestId('account-step');
  await step.getByLabel('账号').fill('back01');
  await step.getByLabel('手机号').fill('13900000981');
  await page.getByRole('tab', { name: '单位注册' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('切换到单位注册将清除本页已填写的内容和未完成的注册，确定切换吗？').waitFor();
  // The picture once the dialog has zoomed in (antd's 0.3 s).
  await page.waitForFunction(() => {
    const m = document.querySelector('.ant-modal');
    return !!m && getComputedStyle(m).transform === 'none' && getComputedStyle(m).opacity === '1';
  });
  await screenshot(page, 'registration-switch-kind-asks');
  await dialog.getByRole('button', { name: '继续填写' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.match(page.url(), /#\/register\/personal$/);
  assert.equal(await step.getByLabel('账号').inputValue(), 'back01');

  await page.goBack();
  await page.waitForURL((u) => !u.hash.startsWith('#/register'));
  await page.goForward();
  await page.waitForURL(/#\/register\/personal$/);
  assert.equal(await step.getByLabel('账号').inputValue(), 'back01');
  assert.equal(await step.getByLabel('手机号').inputValue(), '13900000981');
  assert.equal(await step.getByLabel('密码', { exact: true }).inputValue(), '');
  await screenshot(page, 'registration-forward-kept');

  await page.getByRole('tab', { name: '单位注册' }).click();
  await dialog.getByRole('button', { name: '确定切换' }).click();
  await page.waitForURL(/#\/register\/legalPerson$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

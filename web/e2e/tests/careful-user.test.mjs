// docs/decisions/usability.md, "A careful user's findings (behaviour items)" as a careful user finds the screens: where each kind of account and each staff role
// lands, pasted values keeping every digit, messages that clear or give the real reason, and
// writes that run once on a double-click. Staff and an enterprise are made with the operators'
// commands, so the file runs a server of its own. Every page fails the test on a page error or
// a console error (page.problems, recorded by the harness).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { cli, createAccount, freshGraphicCode, newPage, passLoginSlider, registerPerson, sessionPage, signInStaff, signInThroughSlider, useOwnServer } from '../harness.mjs';
import { pngCard, submitPersonPhotos } from '../seed.mjs';

const STAFF_PW = 'Careful#2025abc';
// The operators' commands and the server must seal with one data key (a command run outside
// `serve --dev` does not make the development one): 32 random bytes, base64, for this file.
process.env.BIDPASS_DATA_KEY ??= randomBytes(32).toString('base64');
const own = useOwnServer('careful', {
  beforeStart: (o) => {
    cli(o, ['admin', 'create', '--role', 'administrator', '--account', 'carefuladm', '--password', STAFF_PW, '--display-name', '']);
    cli(o, ['admin', 'create', '--role', 'reviewer', '--account', 'carefulrev', '--password', STAFF_PW, '--display-name', '审核员']);
  },
});

/** @param {{ problems: string[] }} page */
function noProblems(page) {
  assert.deepEqual(page.problems, [], 'page errors or console errors');
}

test('each account kind lands on its own account-centre page from the other kind\'s routes', async () => {
  const base = own.server.baseURL;
  const ent = createAccount(own, { account: 'carefulent1', password: 'Careful#2025abc', phone: '13900000181', type: 'enterprise' });
  const page = await newPage(own.browser, base, '/');
  await signInThroughSlider(page, base, ent.account, ent.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  // The entry #/accountCenter, then a move within the document to the person's page.
  for (const route of ['/accountCenter', '/accountCenter/personal/essentialInformation']) {
    await page.goto(`${base}/#${route}`);
    await page.waitForURL(/#\/accountCenter\/legalPerson\/legalPersonInformation$/).catch((e) => {
      throw new Error(`${route} ended at ${page.url()}: ${e}`);
    });
  }
  noProblems(page);
  await page.context().close();

  const person = await registerPerson(base, { account: 'carefulp1', phone: '13900000182' });
  const me = await sessionPage(own.browser, base, person, '/accountCenter/legalPerson/legalPersonInformation');
  await me.waitForURL(/#\/accountCenter\/personal\/essentialInformation$/);
  await me.getByTestId('person-name').waitFor();
  noProblems(me);
  await me.context().close();
});

test('each staff role lands on its own first page, also from another role\'s page', async () => {
  const base = own.server.baseURL;
  const adm = await newPage(own.browser, base, '/');
  await signInStaff(adm, base, 'carefuladm', STAFF_PW);
  await adm.waitForURL(/#\/admin\/staff$/);
  await adm.goto(`${base}/#/admin/reviews`);
  await adm.waitForURL(/#\/admin\/staff$/);
  assert.equal(await adm.getByText('当前账号无权访问此页面').count(), 0);
  noProblems(adm);
  await adm.context().close();

  const rev = await newPage(own.browser, base, '/');
  await signInStaff(rev, base, 'carefulrev', STAFF_PW);
  await rev.waitForURL(/#\/admin\/reviews$/);
  await rev.goto(`${base}/#/admin/staff`);
  await rev.waitForURL(/#\/admin\/reviews$/);
  noProblems(rev);
  await rev.context().close();
});

test('a paste is stripped of spaces before the length limit; the agreement message clears when ticked', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/register/personal');
  const phone = page.getByPlaceholder('请输入11位手机号');
  await phone.focus();
  // insertText goes through the browser's editing as a paste does (a native maxLength would cut it).
  await page.keyboard.insertText('138 0013 8000');
  assert.equal(await phone.inputValue(), '13800138000');
  const code = page.getByTestId('account-step').getByPlaceholder('请输入验证码', { exact: true });
  await code.focus();
  await page.keyboard.insertText(' AB CD ');
  assert.equal(await code.inputValue(), 'ABCD');

  await page.getByTestId('account-submit').click();
  const agree = page.getByTestId('account-step').locator('.ant-form-item-explain-error').filter({ hasText: '请阅读并勾选《用户注册协议》' });
  await agree.waitFor();
  await page.getByTestId('account-step').getByRole('checkbox').check();
  await agree.waitFor({ state: 'detached' });
  noProblems(page);
  await page.context().close();
});

test('a login password of 150 characters gives the real reason and sends nothing', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/login') || r.url().endsWith('/captcha/get')) sent++;
  });
  await page.getByPlaceholder('请输入账号').fill('carefulp1');
  await page.getByPlaceholder('请输入密码').fill('a'.repeat(150));
  await page.getByPlaceholder('请输入验证码').fill('ABCD');
  await page.getByTestId('login-submit').click();
  await page.getByText('密码不能超过20位').waitFor();
  assert.equal(sent, 0);
  assert.equal(await page.getByText('网络异常，请稍后重试').count(), 0);
  noProblems(page);
  await page.context().close();
});

test('a double-click opens one confirmation and sends one request; 停用 says it is done', async () => {
  const base = own.server.baseURL;
  const page = await newPage(own.browser, base, '/');
  await signInStaff(page, base, 'carefuladm', STAFF_PW);
  await page.waitForURL(/#\/admin\/staff$/);

  // 新增人员: a double-click on the dialog's OK sends one request.
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/staff') creates++;
  });
  await page.getByRole('button', { name: '新增人员' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增人员' });
  await dialog.getByPlaceholder('字母开头，4-16位字母或数字').fill('carefulnew');
  await dialog.getByLabel('初始密码').fill('Careful#2025xyz');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/staff' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: /确\s*定/ }).dblclick();
  assert.equal((await created).status(), 200);
  await page.getByText('新增成功').first().waitFor();
  // The account and the name columns both read carefulnew.
  await page.getByRole('cell', { name: 'carefulnew', exact: true }).first().waitFor();
  assert.equal(creates, 1);

  // 停用: a double-click opens one confirmation; confirming toasts 停用成功.
  const row = page.getByRole('row').filter({ hasText: 'carefulnew' });
  await row.getByRole('button', { name: /停\s*用/ }).dblclick();
  await page.locator('.ant-modal-confirm').first().waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.ant-modal-confirm').count(), 1);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('停用成功').waitFor();
  noProblems(page);
  await page.context().close();
});

test('person edit: 长期 puts 9999-12-31 in the end date; a start date in the future is refused', async () => {
  const base = own.server.baseURL;
  const s = await registerPerson(base, { account: 'carefulp2', phone: '13900000183' });
  const page = await sessionPage(own.browser, base, s, '/accountCenter/personal/essentialInformation');
  await page.getByTestId('person-name').waitFor();
  await page.getByTestId('edit-button').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('edit-certEnd') });
  /** @param {string} id */
  const value = (id) => dialog.getByTestId(id).evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.querySelector('input')?.value ?? '')));
  assert.equal(await value('edit-certEnd'), '2040-01-01');

  // 长期 shows the end date it stands for instead of the old one; untick clears it.
  const longTerm = dialog.getByRole('checkbox', { name: '长期' });
  await longTerm.check();
  assert.equal(await value('edit-certEnd'), '9999-12-31');
  await longTerm.uncheck();
  assert.equal(await value('edit-certEnd'), '');
  await longTerm.check();
  assert.equal(await value('edit-certEnd'), '9999-12-31');

  // A start date after today: the picker shows the typed day disabled and does not take it.
  const nextYear = `${new Date().getFullYear() + 1}-06-01`;
  await dialog.getByTestId('edit-certStart').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(nextYear);
  await page.locator(`.ant-picker-dropdown .ant-picker-cell-disabled[title="${nextYear}"]`).waitFor();
  await page.keyboard.press('Enter');
  await dialog.getByText('真实姓名', { exact: true }).click();
  assert.equal(await value('edit-certStart'), '2020-01-01');
  // The server refuses it the same way when a client skips the check.
  const refused = await fetch(`${base}/api/account/person/edit`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.token}` },
    body: JSON.stringify({ certStart: nextYear, certEnd: '9999-12-31', certValid: true }),
  });
  const body = await refused.json();
  assert.equal(refused.status, 400, JSON.stringify(body));
  assert.equal(body.fields?.certStart, '证件有效期开始时间不能晚于今天', JSON.stringify(body));

  // The long-term edit itself is saved as 9999-12-31.
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText(/修改成功/).first().waitFor();
  noProblems(page);
  await page.context().close();
});

test('recovery pages have one shell with a way back to login; a toast does not cover the dev banner', async () => {
  const base = own.server.baseURL;
  const page = await newPage(own.browser, base, '/register/forgetPwd');
  for (const route of ['/register/forgetPwd', '/supplyFrame', '/supply/findAccount']) {
    await page.goto(`${base}/#${route}`);
    await page.getByTestId('back-to-login').click();
    await page.waitForURL(/#\/$/);
    await page.getByTestId('login-page').waitFor();
  }
  // The guard's warning (no session) is a toast: it opens below the banner, not over it.
  await page.goto(`${base}/#/accountCenterPage`);
  const toast = page.locator('.ant-message-notice').filter({ hasText: 'token已失效' });
  await toast.waitFor();
  // The toast slides in from above: measure it once it has stopped moving.
  let box = await toast.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = await toast.boundingBox();
    if (now && box && now.y === box.y) break;
    box = now;
  }
  const banner = await page.getByTestId('dev-banner').boundingBox();
  assert.ok(banner && box, 'banner and toast are shown');
  assert.ok(box.y >= banner.y + banner.height, `toast at y=${box.y} covers the banner (y=${banner.y}, height ${banner.height})`);
  noProblems(page);
  await page.context().close();
});

/**
 * waitingPerson registers a person who chose manual verification and submits the three photos,
 * so the reviewer's person real-name queue holds a pending item for account.
 * @param {string} account @param {string} phone
 */
async function waitingPerson(account, phone) {
  const base = own.server.baseURL;
  const s = await registerPerson(base, { account, phone, manual: true });
  const [front, back, take] = [
    await pngCard(own.browser, '人像面', '#1677ff'),
    await pngCard(own.browser, '国徽面', '#52c41a'),
    await pngCard(own.browser, '手持证件', '#fa8c16'),
  ];
  await submitPersonPhotos(base, s.token, { front, back, take });
  return s;
}

/**
 * countPosts counts the POST requests page sends to a path matching re (counted as the browser
 * sends them, so a second request is seen even when the server refuses it).
 * @param {import('playwright-core').Page} page @param {RegExp} re
 */
function countPosts(page, re) {
  const n = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && re.test(new URL(r.url()).pathname)) n.count++;
  });
  return n;
}

test('领取 double-clicked in the queue sends one claim and shows one 领取成功', async () => {
  const base = own.server.baseURL;
  await waitingPerson('carefulp3', '13900000184');
  const page = await newPage(own.browser, base, '/');
  await signInStaff(page, base, 'carefulrev', STAFF_PW);
  await page.waitForURL(/#\/admin\/reviews$/);
  const claims = countPosts(page, /^\/api\/admin\/reviews\/\d+\/claim$/);
  const row = page.getByRole('row').filter({ hasText: 'carefulp3' });
  const claimed = page.waitForResponse((r) => /\/claim$/.test(new URL(r.url()).pathname));
  await row.getByRole('button', { name: /领\s*取/ }).dblclick();
  assert.equal((await claimed).status(), 200);
  await page.waitForURL(/#\/admin\/reviews\/\d+$/);
  const toasts = page.locator('.ant-message-notice').filter({ hasText: '领取成功' });
  await toasts.first().waitFor();
  // A second request or toast would follow the first within a moment: give it one.
  await page.waitForTimeout(800);
  assert.equal(claims.count, 1, 'claim requests');
  assert.equal(await toasts.count(), 1, '领取成功 toasts');
  await page.getByText(/领取有效期至/).waitFor();
  noProblems(page);
  await page.context().close();
});

test('提交审核结果 double-clicked or clicked twice opens one confirmation; confirmed, one decision is sent', async () => {
  const base = own.server.baseURL;
  await waitingPerson('carefulp4', '13900000185');
  const page = await newPage(own.browser, base, '/');
  await signInStaff(page, base, 'carefulrev', STAFF_PW);
  await page.waitForURL(/#\/admin\/reviews$/);
  await page.getByRole('row').filter({ hasText: 'carefulp4' }).getByRole('button', { name: /领\s*取/ }).click();
  await page.getByText(/领取有效期至/).waitFor();
  const decisions = countPosts(page, /^\/api\/admin\/reviews\/\d+\/decision$/);
  await page.getByLabel('通过', { exact: true }).check();
  const submit = page.getByRole('button', { name: '提交审核结果' });
  const confirms = page.locator('.ant-modal-confirm');

  // A double-click: one confirmation; cancelled, nothing is sent.
  await submit.dblclick();
  await confirms.first().waitFor();
  await page.waitForTimeout(500);
  assert.equal(await confirms.count(), 1, 'confirmations after a double-click');
  await confirms.getByRole('button', { name: /取\s*消/ }).click();
  await confirms.first().waitFor({ state: 'detached' });
  assert.equal(decisions.count, 0, 'decisions after cancelling');

  // Two fast clicks of the mouse, one after the other.
  await submit.scrollIntoViewIfNeeded();
  const box = await submit.boundingBox();
  assert.ok(box, '提交审核结果 is shown');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await confirms.first().waitFor();
  await page.waitForTimeout(500);
  assert.equal(await confirms.count(), 1, 'confirmations after two fast clicks');
  await confirms.getByRole('button', { name: /取\s*消/ }).click();
  await confirms.first().waitFor({ state: 'detached' });

  // A second click 30 ms after the first, on the button itself (as a click that lands before the
  // confirmation's mask is painted). Two clicks in one task would not do: the form drops a
  // validation that a newer one overtook, so only a later click reaches onFinish twice.
  await submit.evaluate((b) => {
    const button = /** @type {HTMLButtonElement} */ (b);
    button.click();
    setTimeout(() => button.click(), 30);
  });
  await confirms.first().waitFor();
  await page.waitForTimeout(500);
  assert.equal(await confirms.count(), 1, 'confirmations after a click 30 ms after another');

  // Confirmed with a double-click on 确定: one decision.
  const decided = page.waitForResponse((r) => /\/decision$/.test(new URL(r.url()).pathname));
  await confirms.getByRole('button', { name: /确\s*定/ }).dblclick();
  assert.equal((await decided).status(), 200);
  await page.getByText('该事项已审核').waitFor();
  await page.waitForTimeout(800);
  assert.equal(decisions.count, 1, 'decision requests');
  assert.equal(await page.locator('.ant-message-notice').filter({ hasText: '审核完成' }).count(), 1, '审核完成 toasts');
  noProblems(page);
  await page.context().close();
});

test('an authorize_uri refusal replaces the used graphic code and keeps no session', async () => {
  const base = own.server.baseURL;
  const a = createAccount(own, { account: 'carefulsso1', password: 'Careful#2025abc', phone: '13900000186' });
  // The spec's authorize_uri flow (01 §4): authState 0 is refused on the page, before the authorize call.
  const legacy = encodeURIComponent('/api/auth/authorize?client_id=tender&state=x1');
  const page = await newPage(own.browser, base, `/?authorize_uri=${legacy}`);
  await page.getByPlaceholder('请输入账号').fill(a.account);
  await page.getByPlaceholder('请输入密码').fill(a.password);
  await page.getByPlaceholder('请输入验证码').fill(await freshGraphicCode(page, base));
  const img = page.getByAltText('图形验证码');
  const used = { id: await img.getAttribute('data-code-id'), src: await img.getAttribute('src') };
  const codes = countPosts(page, /^\/api\/auth\/verifycode$/);
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/authToken');
  await passLoginSlider(page, base);
  assert.equal((await signedIn).status(), 200);
  await page.getByText('账号未提交实名认证，请提交审核').waitFor();

  // A new picture replaces the used one, and the code field is empty for it.
  await page.waitForFunction(
    (old) => {
      const el = document.querySelector('img[alt="图形验证码"]');
      return el && el.getAttribute('data-code-id') !== old.id && el.getAttribute('src') !== old.src;
    },
    used,
  );
  assert.equal(codes.count, 1, 'graphic-code requests after the refusal');
  assert.equal(await page.getByPlaceholder('请输入验证码').inputValue(), '');
  // Nothing of the refused sign-in is stored; the back-address stays for the next try.
  const stored = await page.evaluate(() => ({
    local: ['token', 'userId', 'userName', 'userType'].map((k) => localStorage.getItem(k)),
    session: ['token', 'userId', 'userName', 'userType'].map((k) => sessionStorage.getItem(k)),
    backUrl: localStorage.getItem('backUrl'),
  }));
  assert.deepEqual(stored, { local: [null, null, null, null], session: [null, null, null, null], backUrl: '/api/auth/authorize?client_id=tender&state=x1' });
  assert.ok(page.url().includes('authorize_uri='), page.url());
  noProblems(page);
  await page.context().close();
});

test('a login page left open past the graphic code\'s two minutes shows a new code by itself, empties what was typed for the old one, and signs in with it', async () => {
  const base = own.server.baseURL;
  const a = createAccount(own, { account: 'carefulidle1', password: 'Careful#2025abc', phone: '13900000187' });
  const page = await newPage(own.browser, base, '/', { clock: true });
  const img = page.getByAltText('图形验证码');
  await img.waitFor();
  const first = await img.getAttribute('data-code-id');
  const codes = countPosts(page, /^\/api\/auth\/verifycode$/);
  const typed = page.getByPlaceholder('请输入验证码');
  await typed.fill('ab12');
  // The server keeps a code two minutes (graphiccode.TTL): kept until 5 s before, then replaced.
  await page.clock.fastForward('01:50');
  await page.waitForTimeout(300);
  assert.equal(codes.count, 0, 'a code still good is kept');
  assert.equal(await typed.inputValue(), 'ab12', 'and so is what was typed for it');
  await page.clock.fastForward('00:06');
  await page.waitForFunction((old) => document.querySelector('img[alt="图形验证码"]')?.getAttribute('data-code-id') !== old, first);
  assert.equal(codes.count, 1, 'one new code');
  assert.equal(await typed.inputValue(), '', 'what was typed for the old picture is gone with it');

  // What the user then types signs in, with the code now shown.
  const id = await img.getAttribute('data-code-id');
  const code = (await (await fetch(`${base}/api/dev/verifycode/${id}`)).json()).data.code;
  await page.getByPlaceholder('请输入账号').fill(a.account);
  await page.getByPlaceholder('请输入密码').fill(a.password);
  await typed.fill(code);
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/authToken');
  await passLoginSlider(page, base);
  assert.equal((await signedIn).status(), 200);
  noProblems(page);
  await page.context().close();
});

// Change requests in the review console (docs/decisions/identity.md, "Identity core"), in headless Chromium against the real
// binary. An enterprise registers through the API and is approved in the console; then, in
// its own browser pages, it changes its name and its business licence. For each change the
// reviewer sees only the changed field in Chinese (the name as text, the licence as the
// current and the new picture side by side, full size on click), approves, and the
// enterprise sees the change take effect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, cli, clickSettled, devOutbox, encryptPassword, newPage, registerPerson, screenshot, sendSmsCode, sessionPage, useOwnServer, signInStaff as signInStaffAt } from '../harness.mjs';

const STAFF_PW = 'Review#2025abc';
const own = useOwnServer('change', {
  beforeStart: (o) => cli(o, ['admin', 'create', '--role', 'reviewer', '--account', 'shenhe02', '--password', STAFF_PW, '--display-name', '审核员李工']),
});

const OLD_NAME = '福建省路桥建设有限公司';
const NEW_NAME = '福建省路桥集团有限公司';

/** smsCode sends an SMS code for scene to phone and reads it from the dev outbox. */
async function smsCode(phone, scene, token) {
  const graphic = await api(own.server.baseURL, 'POST', '/api/auth/verifycode');
  const { code } = await api(own.server.baseURL, 'GET', `/api/dev/verifycode/${graphic.id}`);
  const id = await api(own.server.baseURL, 'POST', '/api/common/sms/send', { token, body: { phone, scene, codeId: graphic.id, verificationCode: code } });
  const msg = (await devOutbox(own.server.baseURL)).find((m) => m.to === phone && m.scene === scene);
  assert.ok(msg, `no ${scene} SMS to ${phone}`);
  return { id, code: msg.code };
}

/**
 * picture renders a recognisable PNG (a coloured card with a caption) in a throw-away page,
 * so the screenshots show which licence is which.
 */
async function picture(caption, colour) {
  const ctx = await own.browser.newContext({ viewport: { width: 480, height: 300 } });
  const p = await ctx.newPage();
  await p.setContent(
    `<body style="margin:0"><div style="width:480px;height:300px;background:${colour};color:#fff;font:bold 40px sans-serif;display:flex;align-items:center;justify-content:center">${caption}</div></body>`,
  );
  const png = await p.screenshot();
  await ctx.close();
  return png;
}

/** upload stores a PNG as the session's account and returns the file id. */
async function upload(token, name, png) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const r = await fetch(`${own.server.baseURL}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

/**
 * registerEnterprise registers an enterprise through the public API as the wizard does (account,
 * basic information with the contact's SMS code, then the licence and the legal person's
 * photos for review) and returns its session and the licence's file id.
 */
async function registerEnterprise(account, phone, contactPhone, licence) {
  const base = own.server.baseURL;
  const smsCodeId = await sendSmsCode(base, phone, 'register');
  const sms = (await devOutbox(base)).find((m) => m.to === phone && m.scene === 'register');
  const enc = await encryptPassword(base, 'Abcdefg12345!');
  const reg = await api(base, 'POST', '/api/register/enterprise', {
    body: { account, phone, password: enc.password, keyId: enc.keyId, smsCode: sms?.code, smsCodeId, isAgree: true },
  });
  const token = reg.accessToken;
  const contact = await smsCode(contactPhone, 'contact', token);
  await api(base, 'POST', '/api/register/enterprise/info', {
    token,
    body: {
      progress: 1,
      enterpriseDto: {
        type: 'A1', name: OLD_NAME, certType: '1', certNum: '91350100M000100Y43',
        province: '350000', city: '350100', area: '350102', detailAddr: '五四路100号',
        industry: 'E,E48,E481,E4812', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
      },
      legalPersonDto: {
        name: '李四', certType: '1', certNum: '11010519491231002X',
        linkName: '王五', linkPhone: contactPhone, checkCodeId: contact.id, checkCode: contact.code,
      },
    },
  });
  const licenceId = await upload(token, 'licence.png', licence);
  const front = await upload(token, 'front.png', await picture('法人证件人像面', '#555'));
  const back = await upload(token, 'back.png', await picture('法人证件国徽面', '#777'));
  await api(base, 'POST', '/api/register/enterprise/realAuth', { token, body: { enterpriseId: licenceId, personFrontId: front, personBackId: back } });
  return { session: { token, id: reg.id, account }, licenceId };
}

/** signInStaff signs in at #/admin as name (harness's signInStaff with this file's server). */
function signInStaff(page, name) {
  return signInStaffAt(page, own.server.baseURL, name, STAFF_PW);
}

/** claim opens the queue tab, claims the account's pending item and waits for its page. */
async function claim(page, tab, account, title) {
  await page.goto(`${own.server.baseURL}/#/admin/reviews?tab=${tab}&state=pending`);
  const row = page.locator('tr', { hasText: account });
  await row.getByRole('button', { name: '领 取' }).click();
  await page.getByText(title).waitFor();
  await page.getByText('领取有效期至').waitFor();
}

/** approve decides the open item PASS and waits until the page says it is decided. */
async function approve(page) {
  await page.getByLabel('通过', { exact: true }).check();
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await clickSettled(page.getByRole('button', { name: '确 定' }));
  await page.getByText('该事项已审核').waitFor();
}

/** changeRows reads the change table: the header and each row's cell texts. */
async function changeRows(page) {
  const table = page.getByTestId('change-table');
  await table.locator('tbody tr').first().waitFor();
  return {
    header: await table.locator('thead th').allTextContents(),
    rows: await Promise.all((await table.locator('tbody tr').all()).map((r) => r.locator('td').allTextContents())),
  };
}

/** settled waits until toasts are gone and nothing loads, for screenshots. */
async function settled(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
}

test('console: an enterprise changes its name, then its licence; the reviewer sees each change in Chinese and approves it', async () => {
  const oldLicence = await picture('营业执照（原）', '#1d3b6e');
  const newLicence = await picture('营业执照（新）', '#b5472f');
  const { session, licenceId } = await registerEnterprise('e2echangecorp', '13722220001', '13722229001', oldLicence);

  // The reviewer approves the real-name submission, so the enterprise is authenticated.
  const staff = await newPage(own.browser, own.server.baseURL, '/admin');
  await signInStaff(staff, 'shenhe02');
  await claim(staff, 'enterpriseRealname', session.account, '提交内容与当前信息对比');
  await approve(staff);

  // The enterprise changes its name: it waits for review.
  const ent = await sessionPage(own.browser, own.server.baseURL, session, '/accountCenter/legalPerson/legalPersonInformation', '2');
  await ent.getByText(OLD_NAME).first().waitFor();
  await ent.getByTestId('edit-button').click();
  const dialog = ent.getByRole('dialog');
  await dialog.getByTestId('edit-name').fill(NEW_NAME);
  const sent = ent.waitForResponse((r) => r.url().endsWith('/api/account/update/information'));
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  const res = await sent;
  assert.equal(res.status(), 200, await res.text());
  await ent.getByText('修改成功，等待管理员审核').waitFor();

  // The reviewer sees exactly that change, in Chinese, and approves it.
  await claim(staff, 'change', session.account, '申请修改内容');
  assert.deepEqual(await changeRows(staff), { header: ['字段', '当前值', '申请修改为'], rows: [['企业名称', OLD_NAME, NEW_NAME]] });
  // nothing internal and no raw payload on the page
  const text = (await staff.locator('main, #root').first().textContent()) ?? '';
  for (const s of ['prevAuthState', 'subject', 'class', '"key"', 'changes=']) assert.ok(!text.includes(s), `the page shows ${s}`);
  await settled(staff);
  await screenshot(staff, 'admin-change-review-name');
  await approve(staff);

  // The enterprise sees its new name.
  await ent.reload();
  await ent.getByText(NEW_NAME).first().waitFor();
  assert.equal(await ent.getByText(OLD_NAME).count(), 0);

  // The enterprise changes its licence in the 营业执照变更 dialog.
  await ent.getByTestId('license-button').click();
  const lic = ent.getByRole('dialog');
  await lic.getByText('营业执照变更').first().waitFor();
  const uploaded = ent.waitForResponse((r) => r.url().endsWith('/api/file/upload'));
  await lic.getByTestId('upload-license').locator('input[type=file]').setInputFiles({ name: 'licence-new.png', mimeType: 'image/png', buffer: newLicence });
  const newLicenceId = (await (await uploaded).json()).data;
  assert.match(newLicenceId, /^[0-9a-f]{32}$/);
  await lic.getByTestId('upload-license').locator('img').waitFor();
  await lic.getByRole('button', { name: /确\s*定|OK/ }).click();
  await ent.getByText('修改成功，等待管理员审核').waitFor();

  // The reviewer sees the current and the new licence side by side, each through the logged staff download.
  const views = new Map();
  staff.on('response', (r) => {
    const m = /\/api\/admin\/files\/([0-9a-f]{32})$/.exec(r.url());
    if (m) views.set(m[1], r.status());
  });
  await claim(staff, 'change', session.account, '申请修改内容');
  const current = staff.getByTestId('photo-营业执照（当前值）');
  const requested = staff.getByTestId('photo-营业执照（申请修改为）');
  await current.waitFor();
  await requested.waitFor();
  const { header, rows } = await changeRows(staff);
  assert.deepEqual(header, ['字段', '当前值', '申请修改为']);
  assert.deepEqual(rows.map((r) => r[0]), ['营业执照']);
  assert.equal(views.get(licenceId), 200, `current licence ${licenceId} not loaded: ${[...views.keys()]}`);
  assert.equal(views.get(newLicenceId), 200, `new licence ${newLicenceId} not loaded: ${[...views.keys()]}`);
  const [a, b] = [await current.boundingBox(), await requested.boundingBox()];
  assert.ok(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width, `not side by side: ${JSON.stringify([a, b])}`);
  await settled(staff);
  await screenshot(staff, 'admin-change-review-licence');
  // full size on click
  await requested.click();
  const preview = staff.locator('.ant-image-preview-img');
  await preview.waitFor();
  const full = await preview.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth);
  assert.equal(full, 480);
  await screenshot(staff, 'admin-change-review-licence-preview');
  await staff.keyboard.press('Escape');
  await preview.waitFor({ state: 'hidden' });
  await approve(staff);

  // The enterprise page shows the new licence.
  const shown = ent.waitForResponse((r) => r.url().endsWith(`/api/file/download/${newLicenceId}`) && r.status() === 200);
  await ent.reload();
  await shown;
  await ent.getByText(NEW_NAME).first().waitFor();
  await ent.getByAltText('营业执照').first().waitFor();
  await settled(ent);
  await screenshot(ent, 'account-enterprise-licence-changed');

  assert.deepEqual(staff.problems, []);
  assert.deepEqual(ent.problems, []);
  await staff.context().close();
  await ent.context().close();
});

test('console: an authenticated person replaces the ID photo in the edit dialog; the reviewer sees the current and the new photo', async () => {
  const base = own.server.baseURL;
  const s = await registerPerson(base, { account: 'e2echangeperson', phone: '13722220031', manual: true });
  const oldFront = await upload(s.token, 'front.png', await picture('证件人像面（原）', '#1d3b6e'));
  const back = await upload(s.token, 'back.png', await picture('证件国徽面', '#555'));
  const take = await upload(s.token, 'take.png', await picture('手持证件照', '#777'));
  await api(base, 'POST', '/api/register/person/realAuth', {
    token: s.token,
    body: { certFrontId: oldFront, certBackId: back, certTakeId: take, certDetailAddr: '北京市朝阳区建国路1号' },
  });
  const staff = await newPage(own.browser, base, '/admin');
  await signInStaff(staff, 'shenhe02');
  await claim(staff, 'personRealname', s.account, '提交内容与当前信息对比');
  await approve(staff);

  // The person, now authenticated, sees both sides in the edit dialog and replaces the front.
  const person = await sessionPage(own.browser, base, s, '/accountCenter/personal/essentialInformation');
  await person.getByTestId('person-name').waitFor();
  await person.getByTestId('edit-button').click();
  const dialog = person.getByRole('dialog').filter({ hasText: '修改基本信息' });
  await dialog.getByTestId('edit-personfrontId').locator('img').waitFor();
  await dialog.getByTestId('edit-personbackId').locator('img').waitFor();
  const uploaded = person.waitForResponse((r) => r.url().endsWith('/api/file/upload'));
  await dialog.getByTestId('edit-personfrontId').locator('input[type=file]').setInputFiles({ name: 'front-new.png', mimeType: 'image/png', buffer: await picture('证件人像面（新）', '#b5472f') });
  const newFront = (await (await uploaded).json()).data;
  assert.match(newFront, /^[0-9a-f]{32}$/);
  await person.waitForTimeout(400);
  await screenshot(person, 'account-person-edit-photos');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await person.getByText('修改成功，等待管理员审核').waitFor();

  // The reviewer sees the photo change: the current and the new picture, each loaded.
  const views = new Map();
  staff.on('response', (r) => {
    const m = /\/api\/admin\/files\/([0-9a-f]{32})$/.exec(r.url());
    if (m) views.set(m[1], r.status());
  });
  await claim(staff, 'change', s.account, '申请修改内容');
  await staff.getByTestId('photo-证件人像面照片（当前值）').waitFor();
  await staff.getByTestId('photo-证件人像面照片（申请修改为）').waitFor();
  const { rows } = await changeRows(staff);
  assert.deepEqual(rows.map((r) => r[0]), ['证件人像面照片']);
  await staff.waitForLoadState('networkidle');
  assert.equal(views.get(oldFront), 200, `current photo not loaded: ${[...views.keys()]}`);
  assert.equal(views.get(newFront), 200, `new photo not loaded: ${[...views.keys()]}`);
  await settled(staff);
  await screenshot(staff, 'admin-change-review-person-photo');
  await approve(staff);
  const info = await api(base, 'GET', '/api/account/person', { token: s.token });
  assert.equal(info.personfrontId, newFront, JSON.stringify(info));
  assert.deepEqual(person.problems, []);
  await person.context().close();
  await staff.context().close();
});

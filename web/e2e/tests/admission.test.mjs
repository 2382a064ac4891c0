// Library admission (入库, docs/decisions/admission.md, "Library admission") end to end in headless Chromium against the real binary.
// An enterprise registers through the public API and its real-name submission is approved
// by a reviewer (signed in through the console's real graphic code and slider, deciding
// through the staff API). Then everything of the admission happens in browser pages: the
// enterprise applies as purchaser in the account centre (the superior unit checked on blur,
// a real PDF uploaded as evidence), the reviewer refuses it in the console with a reason,
// the card shows 未通过 with the reason in its tooltip, the enterprise re-applies, the
// reviewer approves, and the card shows 已入库. Each outcome also reaches the enterprise by
// SMS of scene admission_result. Last, an administrator adds a recommending unit in the console
// and it appears in the agency dialog's cascader.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  cli,
  clickSettled,
  devOutbox,
  encryptPassword,
  freshGraphicCode,
  newPage,
  passLoginSlider,
  passStaffSecondFactor,
  screenshot,
  sessionPage,
  useOwnServer,
} from '../harness.mjs';

const STAFF_PW = 'Review#2025abc';
const own = useOwnServer('admission', {
  beforeStart: (o) => {
    cli(o, ['admin', 'create', '--role', 'reviewer', '--account', 'shenhe15', '--password', STAFF_PW, '--display-name', '审核员李工']);
    cli(o, ['admin', 'create', '--role', 'administrator', '--account', 'guanli15', '--password', STAFF_PW, '--display-name', '管理员']);
  },
});
const base = () => own.server.baseURL;
const PHONE = '13900001515';
const REASON = '上级单位证明未加盖公章，请补充后重新提交';

/** sms sends an SMS code for scene to phone (dev graphic code) and returns its id and code. */
async function sms(phone, scene, token) {
  const graphic = await api(base(), 'POST', '/api/auth/verifycode');
  const { code } = await api(base(), 'GET', `/api/dev/verifycode/${graphic.id}`);
  const id = await api(base(), 'POST', '/api/common/sms/send', { token, body: { phone, scene, codeId: graphic.id, verificationCode: code } });
  const msg = (await devOutbox(base())).find((m) => m.to === phone && m.scene === scene);
  assert.ok(msg, `no ${scene} SMS to ${phone}`);
  return { id, code: msg.code };
}

/** upload sends bytes as the session's account (kind photo or evidence) and returns the file id. */
async function upload(token, name, type, bytes, kind = 'photo') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${base()}/api/file/upload?kind=${kind}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

/** registerEnterprise registers an enterprise through the public API as the wizard does, real-name submitted. */
async function registerEnterprise(png) {
  const reg = await sms(PHONE, 'register');
  const enc = await encryptPassword(base(), 'Abcdefg12345!');
  const r = await api(base(), 'POST', '/api/register/enterprise', { body: { account: 'luqiao15', phone: PHONE, ...enc, smsCode: reg.code, smsCodeId: reg.id, isAgree: true } });
  const token = r.accessToken;
  const contact = await sms('13700001515', 'contact', token);
  await api(base(), 'POST', '/api/register/enterprise/info', {
    token,
    body: {
      progress: 1,
      enterpriseDto: {
        type: 'A1', name: '江苏路桥建设有限公司', certType: '1', certNum: '91350100M000100Y43',
        province: '320000', city: '320100', area: '320102', detailAddr: '中山路100号',
        industry: 'E,E48,E481,E4812', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
      },
      legalPersonDto: {
        name: '李四', certType: '1', certNum: '11010519491231002X',
        linkName: '王五', linkPhone: '13700001515', checkCodeId: contact.id, checkCode: contact.code,
      },
    },
  });
  const photos = [];
  for (const n of ['licence.png', 'front.png', 'back.png']) photos.push(await upload(token, n, 'image/png', png));
  await api(base(), 'POST', '/api/register/enterprise/realAuth', { token, body: { enterpriseId: photos[0], personFrontId: photos[1], personBackId: photos[2] } });
  return { token, id: r.id, account: 'luqiao15' };
}

/** signInStaff signs a staff member in at #/admin with the real graphic code and slider. */
async function signInStaff(page, name = 'shenhe15') {
  await page.getByTestId('graphic-code').locator('img').waitFor();
  await page.waitForLoadState('networkidle');
  const code = await freshGraphicCode(page, base());
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(STAFF_PW);
  await page.getByPlaceholder('请输入图形验证码').fill(code);
  await passLoginSlider(page, base(), page.getByRole('button', { name: '登 录' }));
  await passStaffSecondFactor(page, base(), name);
}

/** settled waits until toasts are gone and nothing loads, for screenshots. */
async function settled(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300); // dialog animations
}

/** apply opens the purchaser card's dialog, checks the superior unit, uploads the evidence and submits. */
async function applyAsPurchaser(page, pdf, shot) {
  await page.getByTestId('admission-apply-2').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '入库申请' });
  await dialog.getByTestId('admission-form').waitFor();
  // A wrong unit name is refused on blur; the right one is checked.
  const name = dialog.getByTestId('admission-org-name');
  await name.fill('江苏交通厅');
  await name.blur();
  await dialog.getByText('输入单位有误，请核实后重新输入！').waitFor();
  assert.equal(await dialog.getByText('输入单位有误，请核实后重新输入！').count(), 1, 'the failed check shows once');
  await name.fill('江苏省交通运输厅');
  await name.blur();
  await dialog.getByTestId('admission-check').filter({ hasText: '校验成功' }).waitFor();
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/file/upload') && r.status() === 200);
  await dialog.locator('input[type=file]').setInputFiles({ name: '上级单位证明.pdf', mimeType: 'application/pdf', buffer: pdf });
  await uploaded;
  await dialog.getByTestId('admission-evidence-name').filter({ hasText: '上级单位证明.pdf' }).waitFor();
  await settled(page);
  await screenshot(page, shot);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/register/enterprise/putStorage'));
  await dialog.getByTestId('admission-submit').click();
  const res = await sent;
  assert.equal(res.status(), 200, `putStorage: ${await res.text()}`);
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('admission-state-2').filter({ hasText: '审核中' }).waitFor();
}

/** decide opens the enterprise's admission item in the console, claims it and decides it. */
async function decide(page, action, remark) {
  await page.goto(`${base()}/#/admin/reviews?tab=admission&state=pending`);
  const row = page.locator('tr', { hasText: 'luqiao15' });
  await row.getByRole('button', { name: '领 取' }).click();
  await page.getByTestId('admission-review').waitFor();
  await page.getByText('领取有效期至').waitFor();
  assert.equal(await page.getByTestId('admission-review-role').textContent(), '采购人');
  assert.equal(await page.getByTestId('admission-review-org').textContent(), '江苏省交通运输厅');
  // The evidence (a PDF) opens in a browser tab, fetched through the logged staff download.
  const tab = page.context().waitForEvent('page');
  const viewed = page.waitForResponse((r) => r.url().includes('/api/admin/files/') && r.status() === 200);
  await page.getByTestId('admission-review-evidence').filter({ hasText: '在浏览器中查看' }).click();
  assert.equal((await viewed).headers()['content-type'], 'application/pdf');
  await (await tab).close();
  await settled(page);
  await screenshot(page, `admission-review-${action}`);
  await page.getByLabel(action === 'PASS' ? '通过' : '不通过', { exact: true }).check();
  if (remark) await page.getByPlaceholder('不通过时必须填写原因，申请人将看到该原因').fill(remark);
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await clickSettled(page.getByRole('button', { name: '确 定' }));
  await page.getByText('该事项已审核').waitFor();
}

test('admission: an enterprise applies as purchaser, is refused with a reason, re-applies and is admitted', async () => {
  // Real files: a PNG screenshot for the real-name photos, a PDF of a page as the evidence.
  const shot = await newPage(own.browser, base(), '/dev/outbox');
  const png = await shot.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  const pdf = await shot.pdf({ format: 'A4' });
  await shot.context().close();

  const ent = await registerEnterprise(png);
  const staff = await newPage(own.browser, base(), '/admin');
  await signInStaff(staff);
  const staffTok = await staff.evaluate(() => localStorage.getItem('adminToken'));
  const [realname] = await api(base(), 'GET', '/api/admin/reviews?kind=realname&pageSize=10', { token: staffTok });
  await api(base(), 'POST', `/api/admin/reviews/${realname.id}/claim`, { token: staffTok });
  await api(base(), 'POST', `/api/admin/reviews/${realname.id}/decision`, { token: staffTok, body: { action: 'PASS', remark: '核验无误' } });

  // The enterprise's account centre: three roles, none applied for.
  const me = await sessionPage(own.browser, base(), ent, '/accountCenterPage', '2');
  for (const r of ['1', '2', '3']) await me.getByTestId(`admission-state-${r}`).filter({ hasText: '未申请' }).waitFor();
  await settled(me);
  await screenshot(me, 'admission-cards');
  await applyAsPurchaser(me, pdf, 'admission-dialog');

  // The reviewer refuses with a reason.
  await decide(staff, 'NOT_PASS', REASON);
  const refused = (await devOutbox(base())).find((m) => m.to === PHONE && m.scene === 'admission_result');
  assert.ok(refused && refused.text.includes('入库申请（采购人）未通过审核') && refused.text.includes(REASON), `refusal SMS: ${JSON.stringify(refused)}`);

  // The card says 未通过, the tooltip the reason.
  await me.reload();
  const tag = me.getByTestId('admission-state-2').filter({ hasText: '未通过' });
  await tag.waitFor();
  await tag.hover();
  await me.getByRole('tooltip').filter({ hasText: `未通过原因：${REASON}` }).waitFor();
  // ...and the card itself, without hovering.
  assert.equal((await me.getByTestId('admission-reason-2').textContent())?.trim(), `未通过原因：${REASON}`);
  await screenshot(me, 'admission-refused');
  for (const [width, height] of [[1440, 900], [1280, 720]]) {
    await me.setViewportSize({ width, height });
    await screenshot(me, `admission-refused-${width}`);
  }

  // Re-application: the form comes back as the refused application, said so, to correct and send.
  await me.getByTestId('admission-apply-2').click();
  const again = me.locator('.ant-modal').filter({ hasText: '入库申请' });
  await again.getByTestId('admission-from-rejected').waitFor();
  assert.equal(await again.getByTestId('admission-org-name').inputValue(), '江苏省交通运输厅');
  await again.getByTestId('admission-check').filter({ hasText: '校验成功' }).waitFor();
  await again.getByTestId('admission-evidence-name').filter({ hasText: '上级单位证明.pdf' }).waitFor();
  await settled(me);
  await screenshot(me, 'admission-dialog-again');
  const resent = me.waitForResponse((r) => r.url().endsWith('/api/register/enterprise/putStorage'));
  await again.getByTestId('admission-submit').click();
  assert.equal((await resent).status(), 200);
  await again.waitFor({ state: 'hidden' });
  await me.getByTestId('admission-state-2').filter({ hasText: '审核中' }).waitFor();
  // The reviewer approves it.
  await decide(staff, 'PASS', '');
  const passed = (await devOutbox(base())).find((m) => m.to === PHONE && m.scene === 'admission_result' && m.text.includes('审核通过'));
  assert.ok(passed, 'approval SMS');
  const states = await api(base(), 'GET', '/api/applyState', { token: ent.token });
  assert.deepEqual(states.map((s) => [s.enterpriseType, s.state]), [[1, -1], [2, 1], [3, -1]]);

  await me.reload();
  await me.getByTestId('admission-state-2').filter({ hasText: '已入库' }).waitFor();
  // An admitted role opens read-only: no submit.
  await me.getByTestId('admission-apply-2').filter({ hasText: '查看申请' }).click();
  await me.getByTestId('admission-blocked').filter({ hasText: '该角色已入库' }).waitFor();
  assert.equal(await me.getByTestId('admission-submit').count(), 0);
  await settled(me);
  await screenshot(me, 'admission-admitted');

  await me.keyboard.press('Escape');

  // An administrator adds a recommending unit; the enterprise's agency dialog offers it.
  const admin = await newPage(own.browser, base(), '/admin');
  await signInStaff(admin, 'guanli15');
  await admin.goto(`${base()}/#/admin/organisations`);
  await admin.getByRole('tab', { name: '代理机构推荐单位' }).click();
  await admin.getByTestId('org-table').getByText('中国招标投标协会').waitFor();
  await admin.getByTestId('org-add').click();
  await admin.getByTestId('org-name').fill('四川省招标投标协会');
  await admin.getByRole('button', { name: /确\s*定|OK/ }).click();
  await admin.getByTestId('org-table').getByText('四川省招标投标协会').waitFor();
  await settled(admin);
  await screenshot(admin, 'admission-organisations');
  await me.reload();
  await me.getByTestId('admission-apply-3').click();
  const dialog = me.locator('.ant-modal').filter({ hasText: '入库申请' });
  await dialog.getByTestId('admission-form').waitFor();
  await dialog.locator('.ant-cascader').click();
  await me.locator('.ant-cascader-menu-item', { hasText: '四川省招标投标协会' }).waitFor();
  await screenshot(me, 'admission-cascader');

  assert.deepEqual(me.problems, []);
  assert.deepEqual(staff.problems, []);
  assert.deepEqual(admin.problems, []);
  await me.context().close();
  await staff.context().close();
  await admin.context().close();
});

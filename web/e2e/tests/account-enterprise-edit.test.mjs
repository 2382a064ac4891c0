// The enterprise edit dialog of the account centre (02 §5, docs/decisions/identity.md, "Identity core") in real Chromium
// against a real `bidpass serve --dev`: the contact phone changes at once with the SMS
// code sent to the new number (read from the dev outbox), a credit-code change waits
// for review (认证中), and a wrong credit code is refused under the field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, devOutbox, encryptPassword, freshGraphicCode, newPage, screenshot, sessionPage, useServerAndBrowser } from '../harness.mjs';

const e2e = useServerAndBrowser();

const CREDIT_CODE = '91350100M000100Y43';
const NEW_CREDIT_CODE = '91110000100000000R'; // valid GB 32100 check character
const WRONG_CREDIT_CODE = '91350100M000100Y44'; // check character off by one

/** smsFromOutbox sends an SMS code for scene to phone (dev graphic code) and returns its id and code. */
async function smsFromOutbox(phone, scene, token) {
  const graphic = await api(e2e.server.baseURL, 'POST', '/api/auth/verifycode');
  const { code } = await api(e2e.server.baseURL, 'GET', `/api/dev/verifycode/${graphic.id}`);
  const id = await api(e2e.server.baseURL, 'POST', '/api/common/sms/send', { token, body: { phone, scene, codeId: graphic.id, verificationCode: code } });
  const msg = (await devOutbox(e2e.server.baseURL)).find((m) => m.to === phone && m.scene === scene);
  assert.ok(msg, `no ${scene} SMS to ${phone}`);
  return { id, code: msg.code };
}

/** uploadPng uploads a real PNG (a screenshot of the portal) as the session's account; returns the file id. */
async function uploadPng(token, name) {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await page.context().close();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const r = await fetch(`${e2e.server.baseURL}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

/**
 * registerEnterprise registers an enterprise through the public API as the wizard does
 * (account, basic information with the contact's SMS code, licence and photos), then
 * withdraws the verification that submission started, so the account (authState 0) may edit.
 */
async function registerEnterprise({ account, phone, contactPhone }) {
  const base = e2e.server.baseURL;
  const reg = await smsFromOutbox(phone, 'register');
  const enc = await encryptPassword(base, 'Abcdefg12345!');
  const r = await api(base, 'POST', '/api/register/enterprise', { body: { account, phone, ...enc, smsCode: reg.code, smsCodeId: reg.id, isAgree: true } });
  const token = r.accessToken;
  const contact = await smsFromOutbox(contactPhone, 'contact', token);
  await api(base, 'POST', '/api/register/enterprise/info', {
    token,
    body: {
      progress: 1,
      enterpriseDto: {
        type: 'A1', name: '福建省路桥建设有限公司', certType: '1', certNum: CREDIT_CODE,
        province: '350000', city: '350100', area: '350102', detailAddr: '五四路100号',
        industry: 'E,E48,E481,E4812', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
      },
      legalPersonDto: {
        name: '李四', certType: '1', certNum: '11010519491231002X',
        linkName: '王五', linkPhone: contactPhone, checkCodeId: contact.id, checkCode: contact.code,
      },
    },
  });
  const photos = [];
  for (const n of ['licence.png', 'front.png', 'back.png']) photos.push(await uploadPng(token, n));
  await api(base, 'POST', '/api/register/enterprise/realAuth', { token, body: { enterpriseId: photos[0], personFrontId: photos[1], personBackId: photos[2] } });
  await api(base, 'PUT', '/api/manage/user/revoke', { token, body: {} });
  return { token, id: r.id, account };
}

/** settled waits until no antd toast is on screen, so screenshots show the page itself. */
async function settled(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
}

/**
 * openDialog opens the edit dialog and, with reveal, asks for both certificate numbers in full
 * (they are masked until asked for, each ask one logged reveal) and waits until it holds them.
 */
async function openDialog(page, reveal = true) {
  await page.getByTestId('edit-button').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '修改基本信息' });
  await dialog.waitFor();
  await dialog.getByText('当前：9135**********0Y43，不修改请留空').waitFor();
  if (reveal) {
    await dialog.getByTestId('edit-certNum-reveal').click();
    await dialog.getByTestId('edit-legalCertNum-reveal').click();
    await page.waitForFunction(() => /** @type {HTMLInputElement | null} */ (document.querySelector('[data-testid=edit-certNum]'))?.value.length === 18);
    await page.waitForFunction(() => /** @type {HTMLInputElement | null} */ (document.querySelector('[data-testid=edit-legalCertNum]'))?.value.length === 18);
  }
  await page.waitForTimeout(400); // the opening animation, for the screenshots
  return dialog;
}


test('enterprise edit dialog: new contact phone with its SMS code at once; credit code waits for review; a wrong one is refused under the field', async () => {
  const base = e2e.server.baseURL;
  const contactPhone = '13722229001';
  const newContact = '13722229002';
  const s = await registerEnterprise({ account: 'e2ecorpedit', phone: '13722220001', contactPhone });
  const page = await sessionPage(e2e.browser, base, s, '/accountCenter/legalPerson/legalPersonInformation', '2');
  // Tall enough for the whole dialog: a full-page screenshot cannot scroll a fixed modal.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.getByText('137****9001').waitFor();

  // The certificate numbers masked on opening: an opening asks for no reveal (each is logged).
  const revealAsks = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/account/enterprise/certNum')) revealAsks.push(r.url());
  });
  let dialog = await openDialog(page, false);
  assert.equal(await dialog.getByTestId('edit-certNum').inputValue(), '');
  assert.equal(await dialog.getByTestId('edit-legalCertNum').inputValue(), '');
  await screenshot(page, 'account-enterprise-edit-dialog-masked');
  assert.equal(revealAsks.length, 0, 'no reveal on opening');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Every field of 02 §5, pre-filled; the certificate numbers in full once asked for, one reveal each.
  dialog = await openDialog(page);
  assert.equal(revealAsks.length, 2, revealAsks.join(' '));
  assert.equal(await dialog.getByTestId('edit-certNum').inputValue(), CREDIT_CODE);
  assert.equal(await dialog.getByTestId('edit-legalCertNum').inputValue(), '11010519491231002X');
  assert.equal(await dialog.getByTestId('edit-contactPhone').inputValue(), contactPhone);
  for (const label of ['企业属别', '企业名称', '企业证件类型', '企业证件号码', '所在地区', '详细地址', '所属行业', '注册资本', '法定代表人姓名', '证件类型', '证件号码', '联系人姓名', '联系电话']) {
    await dialog.locator('label').filter({ hasText: new RegExp(`^${label}$`) }).first().waitFor();
  }
  await dialog.getByText('境内企业').waitFor();
  assert.equal(await dialog.getByTestId('edit-smsCode').count(), 0);
  await screenshot(page, 'account-enterprise-edit-dialog');

  // Contact phone: the code field appears, the code goes to the NEW number (scene contact).
  await dialog.getByTestId('edit-contactPhone').fill(newContact);
  await dialog.getByTestId('edit-smsCode').waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByText('验证码不能为空').waitFor();
  await dialog.getByTestId('edit-graphicCode').fill(await freshGraphicCode(page, base, dialog));
  await dialog.getByTestId('sms-button').click();
  await page.getByText('短信码已发送').waitFor();
  const sms = (await devOutbox(base)).find((m) => m.to === newContact && m.scene === 'contact');
  assert.ok(sms, 'the contact SMS went to the new number');
  await dialog.getByTestId('edit-smsCode').fill(sms.code);
  await screenshot(page, 'account-enterprise-edit-contact-phone');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('修改成功', { exact: true }).waitFor();
  await page.getByText('137****9002').waitFor();
  const after = await api(base, 'GET', '/api/account/enterprise', { token: s.token });
  assert.equal(after.contactVO.phone, newContact);
  assert.equal(after.authState, 0, 'a contact change takes effect at once, no review');
  await settled(page);

  // A wrong credit code: the rule's message under the field, what was typed stays.
  dialog = await openDialog(page);
  await dialog.getByTestId('edit-certNum').fill(WRONG_CREDIT_CODE);
  await dialog.getByTestId('reauth-alert').filter({ hasText: '修改企业名称、证件或法定代表人信息需重新认证，审核通过前账户处于认证中' }).waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const certItem = dialog.locator('.ant-form-item').filter({ has: page.getByTestId('edit-certNum') });
  await certItem.getByText('请输入正确的18位统一社会信用代码').waitFor();
  assert.equal(await dialog.getByTestId('edit-certNum').inputValue(), WRONG_CREDIT_CODE);
  await screenshot(page, 'account-enterprise-edit-wrong-credit-code');
  // The server refuses it the same way when a client skips the check.
  const refused = await fetch(`${base}/api/account/update/information`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.token}` },
    body: JSON.stringify({ certNum: WRONG_CREDIT_CODE }),
  });
  assert.equal(refused.status, 400);
  const body = await refused.json();
  assert.equal(body.fields?.certNum, '请输入正确的18位统一社会信用代码', JSON.stringify(body));

  // Another valid credit code: a re-authentication, waiting for review.
  await dialog.getByTestId('edit-certNum').fill(NEW_CREDIT_CODE);
  await certItem.getByText('请输入正确的18位统一社会信用代码').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('修改成功，等待管理员审核').waitFor();
  await page.getByTestId('auth-tag').filter({ hasText: '认证中' }).waitFor();
  assert.equal(await page.getByTestId('edit-button').isDisabled(), true, 'no edits while verifying');
  const waiting = await api(base, 'GET', '/api/account/enterprise', { token: s.token });
  assert.equal(waiting.authState, 99);
  await settled(page);
  await screenshot(page, 'account-enterprise-edit-waiting');

  assert.deepEqual(page.problems, []);
  await page.context().close();
});

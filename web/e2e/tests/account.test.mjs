// The account centre (docs/decisions/account-centre.md, "Account centre") in real Chromium against a real `bidpass serve --dev`.
// Accounts are made through the public API (registration with dev graphic and SMS codes),
// then the browser gets the session and drives the account-centre pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, devOutbox, encryptPassword, freshGraphicCode, newPage, registerPerson, screenshot, sessionPage, signInThroughSlider, useOwnServer } from '../harness.mjs';

// This file starts a server of its own on a SQLite file it knows, so that `bidpass account
// create` can make accounts whose phone has not just received a registration SMS (the 120 s
// cooldown per phone would block the password and phone codes).
const own = useOwnServer('account');

async function api(method, path, body, token) {
  const res = await fetch(own.server.baseURL + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function graphic() {
  const g = await api('POST', '/api/auth/verifycode');
  const a = await api('GET', `/api/dev/verifycode/${g.data.id}`);
  return { codeId: g.data.id, verificationCode: a.data.code };
}

async function smsCode(phone, scene, token) {
  const gc = await graphic();
  const sent = await api('POST', '/api/common/sms/send', { phone, scene, ...gc }, token);
  assert.equal(sent.code, 0, JSON.stringify(sent));
  const box = await devOutbox(own.server.baseURL);
  const msg = box.find((m) => m.to === phone && m.scene === scene);
  return { gc, id: sent.data, code: msg.code };
}

test('person: address at once, name waits (99) and is revoked, pages shown', async () => {
  const s = await registerPerson(own.server.baseURL, { account: 'e2eprofile', phone: '13711110001' });
  const page = await sessionPage(own.browser, own.server.baseURL, s, '/accountCenterPage');
  await page.getByText('账户信息').first().waitFor();
  // The home names the password and says what its link does (it said 修改密码：查看).
  await page.locator('.ant-descriptions-item').filter({ hasText: '登录密码' }).getByTestId('home-change-password').getByText('修改密码').waitFor();
  assert.equal(await page.locator('.ant-descriptions-item').filter({ hasText: '修改密码' }).filter({ hasText: '查看' }).count(), 0);
  for (const [width, height] of [[1440, 900], [1280, 720]]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `account-center-page-${width}`);
  }
  await screenshot(page, 'account-center-page');

  await page.goto(`${own.server.baseURL}/#/accountCenter/personal/essentialInformation`);
  await page.getByTestId('person-name').waitFor();
  assert.equal(await page.getByTestId('certnum-person').textContent(), '1101**********002X');
  await page.getByRole('button', { name: '查看完整号码' }).click();
  await page.getByText('11010519491231002X').waitFor();
  await screenshot(page, 'account-person-info');

  // Address: effective at once.
  await page.getByTestId('edit-button').click();
  await page.getByTestId('edit-detailAddr').fill('北京市东城区长安街10号');
  await screenshot(page, 'account-person-edit');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功', { exact: true }).waitFor();
  await page.getByText('北京市东城区长安街10号').waitFor();

  // Name: waits for review; the address changed with it is effective at once, and is not
  // offered 撤销 (the server refuses it: it is not waiting for anything).
  await page.getByTestId('edit-button').click();
  await page.getByTestId('edit-name').fill('张小三');
  await page.getByTestId('edit-detailAddr').fill('北京市东城区长安街12号');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功，等待管理员审核').waitFor();
  await page.getByTestId('auth-tag').filter({ hasText: '认证中' }).waitFor();
  assert.equal(await page.getByTestId('person-name').textContent(), '张三');

  await page.goto(`${own.server.baseURL}/#/accountCenter/modifyRecord`);
  await page.getByText('待生效').waitFor();
  await page.getByText('已生效').first().waitFor();
  await screenshot(page, 'account-modify-records');
  assert.equal(await page.getByTestId('revoke-button').count(), 1, 'only the waiting name change can be withdrawn');
  const waitingRow = page.locator('tr').filter({ has: page.getByTestId('revoke-button') });
  await waitingRow.getByText('待生效').waitFor();
  for (const [width, height] of [[1440, 900], [1280, 720]]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `account-modify-records-${width}`);
  }
  await page.getByTestId('revoke-button').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('撤销成功').waitFor();
  await page.getByText('未生效').waitFor();
  const trust = await api('GET', '/api/account/auth', undefined, s.token);
  assert.equal(trust.data.level, 0);

  for (const [route, name] of [
    ['/accountCenter/personal/authenticationModes', 'account-auth-modes'],
    ['/accountCenter/personal/thirdPartyAccount', 'account-third-party'],
    ['/accountCenter/personal/accountSecurity', 'account-security'],
  ]) {
    await page.goto(`${own.server.baseURL}/#${route}`);
    await page.waitForTimeout(600);
    await screenshot(page, name);
  }
  await page.getByText('暂未开放').count();
  await page.context().close();
});

/** settled waits until no antd toast is on screen, so screenshots show the page itself. */
async function settled(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
}

/** uploadPng uploads a real PNG (a screenshot) as the session's account; returns the file id. */
async function uploadPng(token, name) {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await page.context().close();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const r = await fetch(`${own.server.baseURL}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return { id: body.data, png };
}

/** signedInByUser opens a new browser and signs in through the login page and the real slider. */
async function signedInByUser(account, password) {
  const page = await newPage(own.browser, own.server.baseURL, '/');
  await signInThroughSlider(page, own.server.baseURL, account, password);
  await page.waitForURL(/#\/accountCenterPage$/);
  return page;
}

test('person changes the password: the SMS code and the current password; another signed-in browser is sent to login', async () => {
  const s = createAccount(own, { account: 'e2epwdchange', password: 'Passw0rd1', phone: '13711110002' });
  const a = await signedInByUser(s.account, s.password);
  const b = await signedInByUser(s.account, s.password);

  await a.goto(`${own.server.baseURL}/#/accountCenter/personal/accountSecurity`);
  const card = a.locator('.ant-card').filter({ hasText: '修改密码' });
  await card.getByTestId('old-pwd').fill('Passw0rd1');
  await card.getByTestId('new-pwd').fill('short');
  await card.getByTestId('confirm-pwd').fill('short');
  await card.getByTestId('pwd-submit').click();
  const rule = card.getByText('8-20位，必须包含数字、小写字母、大写字母、特殊字符中的2种');
  await rule.waitFor();
  await card.getByText('请输入短信验证码').waitFor();
  // The server's rule, as registration and recovery check it: printable ASCII, no space.
  await card.getByTestId('new-pwd').fill('NewPassw0rd2');
  await rule.waitFor({ state: 'detached' });
  await card.getByTestId('new-pwd').fill('New Passw0rd2');
  await rule.waitFor();
  // The SMS button needs the graphic code first.
  await card.getByTestId('sms-button').click();
  await card.getByText('请输入图形验证码').waitFor();
  await screenshot(a, 'account-password-errors');

  await card.getByTestId('new-pwd').fill('NewPassw0rd2');
  await card.getByTestId('confirm-pwd').fill('NewPassw0rd2');
  await card.getByTestId('pwd-graphic').fill(await freshGraphicCode(a, own.server.baseURL, card));
  await card.getByTestId('sms-button').click();
  await a.getByText('短信码已发送').waitFor();
  const sms = (await devOutbox(own.server.baseURL)).find((m) => m.to === s.phone && m.scene === 'password');
  assert.ok(sms, 'no password SMS in the outbox');
  // The send used the graphic code up; the submit does not ask for a new one.
  assert.equal(await card.getByTestId('pwd-graphic').inputValue(), '');
  await card.getByTestId('pwd-sms').fill(sms.code);
  await settled(a);
  await screenshot(a, 'account-password-filled');
  await card.getByTestId('pwd-submit').click();
  await a.getByText('密码已修改，其他设备上的登录已失效。').waitFor();
  await screenshot(a, 'account-password-changed');

  // The other browser's next navigation sends it to login with the message.
  await b.goto(`${own.server.baseURL}/#/accountCenter/personal/essentialInformation`);
  await b.getByText(/请重新登录/).first().waitFor();
  await b.waitForURL(/#\/(\?.*)?$/);
  await b.getByText('用户登录').waitFor();
  await screenshot(b, 'account-password-other-browser');
  assert.equal(await b.evaluate(() => localStorage.getItem('token')), null);

  // The browser that changed it stays signed in; the new password signs in, the old one not.
  await a.goto(`${own.server.baseURL}/#/accountCenter/personal/essentialInformation`);
  await a.getByTestId('person-name').waitFor();
  await signInThroughSlider(b, own.server.baseURL, s.account, 'Passw0rd1');
  await b.getByText('账号或密码错误').waitFor();
  await signInThroughSlider(b, own.server.baseURL, s.account, 'NewPassw0rd2');
  await b.waitForURL(/#\/accountCenterPage$/);
  await a.context().close();
  await b.context().close();
});

test('person changes the phone with codes to the old and the new phone', async () => {
  const s = createAccount(own, { account: 'e2ephonechange', password: 'Passw0rd1', phone: '13711110003' });
  const page = await signedInByUser(s.account, s.password);
  await page.goto(`${own.server.baseURL}/#/accountCenter/personal/accountSecurity`);
  const card = page.locator('.ant-card').filter({ hasText: '修改手机号' });
  await card.getByTestId('bound-phone').filter({ hasText: '137****0003' }).waitFor();

  await card.getByTestId('phone-graphic').fill(await freshGraphicCode(page, own.server.baseURL, card));
  await card.getByTestId('old-sms').getByTestId('sms-button').click();
  await page.getByText('短信码已发送').waitFor();
  const oldCode = (await devOutbox(own.server.baseURL)).find((m) => m.to === s.phone && m.scene === 'phone');
  assert.ok(oldCode);
  await card.getByTestId('old-phone-code').fill(oldCode.code);

  const newPhone = '13711119003';
  await card.getByTestId('new-phone').fill(newPhone);
  await card.getByTestId('phone-graphic').fill(await freshGraphicCode(page, own.server.baseURL, card));
  await card.getByTestId('new-sms').getByTestId('sms-button').click();
  await page.getByText('短信码已发送').nth(0).waitFor();
  let newCode;
  for (let i = 0; i < 50 && !newCode; i++) {
    newCode = (await devOutbox(own.server.baseURL)).find((m) => m.to === newPhone && m.scene === 'phone');
    if (!newCode) await page.waitForTimeout(100);
  }
  assert.ok(newCode);
  await card.getByTestId('new-phone-code').fill(newCode.code);
  await settled(page);
  await screenshot(page, 'account-phone-filled');
  await card.getByTestId('phone-submit').click();
  await page.getByText('修改成功', { exact: true }).waitFor();
  await card.getByTestId('bound-phone').filter({ hasText: '137****9003' }).waitFor();
  await settled(page);
  await screenshot(page, 'account-phone-changed');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const sec = await api('GET', '/api/account/security/info', undefined, token);
  assert.equal(sec.data.phone, newPhone, JSON.stringify(sec));
  await page.context().close();
});

test('enterprise changes its licence: 修改成功，等待管理员审核, the record waits for review', async () => {
  const phone = '13711110004';
  const reg = await smsCode(phone, 'register');
  const enc = await encryptPassword(own.server.baseURL, 'Abcdefg12345!');
  const r = await api('POST', '/api/register/enterprise', {
    account: 'e2ecorplicence', phone, password: enc.password, keyId: enc.keyId, smsCode: reg.code, smsCodeId: reg.id, isAgree: true,
  });
  assert.equal(r.code, 0, JSON.stringify(r));
  const token = r.data.accessToken;
  const contact = await smsCode('13711119004', 'contact', token);
  const info = await api('POST', '/api/register/enterprise/info', {
    progress: 1,
    enterpriseDto: {
      type: 'A1', name: '福建省路桥建设有限公司', certType: '1', certNum: '91350100M000100Y43',
      province: '350000', city: '350100', area: '350102', detailAddr: '五四路100号',
      industry: 'E,E48,E481,E4812', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
    },
    legalPersonDto: {
      name: '李四', certType: '1', certNum: '11010519491231002X',
      linkName: '王五', linkPhone: '13711119004', checkCodeId: contact.id, checkCode: contact.code,
    },
  }, token);
  assert.equal(info.code, 0, JSON.stringify(info));
  // The last registration step submits the licence and the legal person's photos (99); the
  // enterprise then withdraws that verification in the account centre (back to 0), so it may edit.
  const photos = [];
  for (const n of ['licence.png', 'front.png', 'back.png']) photos.push((await uploadPng(token, n)).id);
  const auth = await api('POST', '/api/register/enterprise/realAuth', { enterpriseId: photos[0], personFrontId: photos[1], personBackId: photos[2] }, token);
  assert.equal(auth.code, 0, JSON.stringify(auth));
  const revoked = await api('PUT', '/api/manage/user/revoke', {}, token);
  assert.equal(revoked.code, 0, JSON.stringify(revoked));
  const s = { token, id: r.data.id, account: 'e2ecorplicence' };

  const page = await signedInByUser(s.account, 'Abcdefg12345!');
  await page.goto(`${own.server.baseURL}/#/accountCenter/legalPerson/legalPersonInformation`);
  await page.getByTestId('license-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('营业执照变更').first().waitFor();
  const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await dialog.getByTestId('upload-license').locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: shot });
  await dialog.getByTestId('upload-license').locator('img').waitFor();
  await screenshot(page, 'account-licence-dialog');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功，等待管理员审核').waitFor();
  await settled(page);
  await screenshot(page, 'account-enterprise-info-waiting');

  await page.goto(`${own.server.baseURL}/#/accountCenter/modifyRecord`);
  await page.getByText('待生效').first().waitFor();
  const row = page.locator('tr').filter({ hasText: '待生效' }).first();
  await row.getByText('营业执照').waitFor();
  await row.getByText('认证中').waitFor().catch(() => {});
  await settled(page);
  await screenshot(page, 'account-enterprise-modify-records');
  const recs = await api('GET', '/api/account/modifyRecords?page=1&pageSize=10', undefined, token);
  assert.equal(recs.code, 0, JSON.stringify(recs));
  const rec = recs.data.find((x) => x.infoItem === '营业执照');
  assert.ok(rec, JSON.stringify(recs.data));
  assert.equal(rec.authState, 99);
  await page.context().close();
});

test('a real-name submission at registration shows in the operation record table (type 1)', async () => {
  // Manual verification ticked: registration's last step submits the photos for review.
  const s = await registerPerson(own.server.baseURL, { account: 'e2erealsubmit', phone: '13711110005', manual: true });
  const ids = [];
  for (const n of ['front.png', 'back.png', 'take.png']) ids.push((await uploadPng(s.token, n)).id);
  const sub = await api('POST', '/api/register/person/realAuth', {
    certFrontId: ids[0], certBackId: ids[1], certTakeId: ids[2], certDetailAddr: '北京市朝阳区建国路1号',
  }, s.token);
  assert.equal(sub.code, 0, JSON.stringify(sub));
  const ops = await api('GET', '/api/management/operation/record?page=1&pageSize=5', undefined, s.token);
  assert.equal(ops.code, 0, JSON.stringify(ops));
  const first = ops.data.find((o) => o.operationType === '1');
  assert.ok(first, JSON.stringify(ops.data));
  assert.deepEqual(first.appendixList.map((f) => f.name), ['证件人像面', '证件国徽面', '手持证件照']);

  const page = await sessionPage(own.browser, own.server.baseURL, s, '/accountCenter/modifyRecord');
  await page.getByText('提交实名认证审核').waitFor();
  await page.getByRole('button', { name: '手持证件照' }).waitFor();
  await settled(page);
  await screenshot(page, 'account-operation-records');
  await page.goto(`${own.server.baseURL}/#/accountCenter/personal/authenticationModes`);
  await page.getByTestId('cancel-verification').waitFor();
  await settled(page);
  await screenshot(page, 'account-auth-modes-verifying');
  await page.context().close();
});

test('the dialog route /accountCenter/personal/editEssentialInformation opens the edit dialog on the basic-information page', async () => {
  const s = await registerPerson(own.server.baseURL, { account: 'e2edialog', phone: '13711110019' });
  const page = await sessionPage(own.browser, own.server.baseURL, s, '/accountCenter/personal/editEssentialInformation');
  const dialog = page.getByRole('dialog').filter({ hasText: '修改基本信息' });
  await dialog.waitFor();
  // The host page is behind it, with the person's own data, and the address names the dialog.
  await page.getByTestId('person-name').filter({ hasText: '张三' }).waitFor();
  assert.match(page.url(), /#\/accountCenter\/personal\/essentialInformation\?dialog=edit$/);
  assert.equal(await page.getByTestId('edit-detailAddr').count(), 1);
  await page.waitForTimeout(400); // the dialog's opening animation
  await screenshot(page, 'account-route-edit-essential-information');

  // Closing it returns to the host route.
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.match(page.url(), /#\/accountCenter\/personal\/essentialInformation$/);
  await page.context().close();
});

test('cancelling the person edit dialog discards what was changed: 长期 ticked and unticked, 取消, the next save keeps the end date', async () => {
  const s = await registerPerson(own.server.baseURL, { account: 'e2ecancel', phone: '13711110021' });
  const page = await sessionPage(own.browser, own.server.baseURL, s, '/accountCenter/personal/essentialInformation');
  await page.getByTestId('person-name').waitFor();
  const dialog = page.getByRole('dialog').filter({ hasText: '修改基本信息' });
  await page.getByTestId('edit-button').click();
  await dialog.waitFor();
  const longTerm = dialog.getByRole('checkbox', { name: '长期' });
  await longTerm.check();
  await longTerm.uncheck();
  assert.equal(await dialog.getByTestId('edit-certEnd').inputValue(), '');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByTestId('edit-button').click();
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('edit-certEnd').inputValue(), '2040-01-01');
  // The dialog's rules speak as registration does, with registration's shortcuts.
  await dialog.getByRole('button', { name: '+10年' }).waitFor();
  await page.getByTestId('edit-detailAddr').fill('北京市东城区长安街12号');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功', { exact: true }).waitFor();
  const info = await api('GET', '/api/account/person', undefined, s.token);
  assert.equal(info.data.certEnd, '2040-01-01', JSON.stringify(info.data));
  assert.equal(info.data.certValid, false);
  await page.context().close();
});

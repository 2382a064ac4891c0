// The account centre (issue 6) in real Chromium against a real `bidpass serve --dev`.
// Accounts are made through the public API (registration with dev graphic and SMS codes),
// then the browser gets the session and drives the account-centre pages.
import assert from 'node:assert/strict';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { devOutbox, getServer, launchBrowser, newPage, screenshot } from '../harness.mjs';

/** @type {import('../harness.mjs').Server} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await getServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function api(method, path, body, token) {
  const res = await fetch(server.baseURL + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function encrypt(password) {
  const key = await api('GET', '/api/auth/pubkey');
  const plain = JSON.stringify({ password, ts: Date.now(), nonce: randomBytes(16).toString('hex') });
  const ct = publicEncrypt({ key: key.data.pubkey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain));
  return { password: ct.toString('base64'), keyId: key.data.keyId };
}

async function graphic() {
  const g = await api('POST', '/api/auth/verifycode', {});
  const a = await api('GET', `/api/dev/verifycode/${g.data.id}`);
  return { codeId: g.data.id, verificationCode: a.data.code };
}

async function smsCode(phone, scene, token) {
  const gc = await graphic();
  const sent = await api('POST', '/api/common/sms/send', { phone, scene, ...gc }, token);
  assert.equal(sent.code, 0, JSON.stringify(sent));
  const box = await devOutbox(server.baseURL);
  const msg = box.find((m) => m.to === phone && m.scene === scene);
  return { gc, id: sent.data, code: msg.code };
}

/** registerPerson registers and completes real-name information; returns the session. */
async function registerPerson(account, phone, password) {
  const s = await smsCode(phone, 'register');
  const enc = await encrypt(password);
  const r = await api('POST', '/api/register/account', {
    account, phone, password: enc.password, keyId: enc.keyId, ...(await graphic()), smsCode: s.code, smsCodeId: s.id, isAgree: true,
  });
  assert.equal(r.code, 0, JSON.stringify(r));
  const token = r.data.accessToken;
  const info = await api('POST', '/api/register/person/realInfo', {
    realName: '张三', certType: '1', certNum: '11010519491231002X', certStart: '2020-01-01', certEnd: '2040-01-01',
    province: '110000', city: '110105', area: '', certDetailAddr: '北京市朝阳区建国路1号', checkType: false,
  }, token);
  assert.equal(info.code, 0, JSON.stringify(info));
  return { token, id: r.data.id, account, phone, password };
}

async function signedInPage(s, route, type = '1') {
  const page = await newPage(browser, server.baseURL, '/');
  await page.evaluate(({ s, type }) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userId', String(s.id));
    localStorage.setItem('userName', s.account);
    localStorage.setItem('userType', type);
    localStorage.setItem('registerProcess', '0');
  }, { s, type });
  await page.goto(`${server.baseURL}/#${route}`);
  return page;
}

test('person: address at once, name waits (99) and is revoked, pages shown', async () => {
  const s = await registerPerson('e2eprofile', '13711110001', 'Passw0rd1');
  const page = await signedInPage(s, '/accountCenterPage');
  await page.getByText('账户信息').first().waitFor();
  await screenshot(page, 'account-center-page');

  await page.goto(`${server.baseURL}/#/accountCenter/personal/essentialInformation`);
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

  // Name: waits for review.
  await page.getByTestId('edit-button').click();
  await page.getByTestId('edit-name').fill('张小三');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功，等待管理员审核').waitFor();
  await page.getByTestId('auth-tag').filter({ hasText: '认证中' }).waitFor();
  assert.equal(await page.getByTestId('person-name').textContent(), '张三');

  await page.goto(`${server.baseURL}/#/accountCenter/modifyRecord`);
  await page.getByText('待生效').waitFor();
  await page.getByText('已生效').first().waitFor();
  await screenshot(page, 'account-modify-records');
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
    await page.goto(`${server.baseURL}/#${route}`);
    await page.waitForTimeout(600);
    await screenshot(page, name);
  }
  await page.getByText('暂未开放').count();
  await page.context().close();
});

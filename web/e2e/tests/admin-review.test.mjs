// The review console end to end (issue 7), in headless Chromium against the real binary.
// Staff are created with `bidpass admin create` on this test's own database, so the test
// starts a server of its own. The person side (registration and manual authentication) is
// driven through the API, because the account centre's manual-authentication page is not
// built yet; the person's result is checked through the API and the account centre page.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, buildBinary, devOutbox, launchBrowser, newPage, screenshot, sendSmsCode, startServer } from '../harness.mjs';

/** @type {import('../harness.mjs').Server} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
let tmp = '';
let base = '';
const STAFF_PW = 'Review#2025abc';

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'bidpass-e2e-admin-'));
  const binary = process.env.BIDPASS_E2E_BINARY ?? buildBinary(tmp);
  const dbURL = join(tmp, 'admin.db');
  const env = { ...process.env, BIDPASS_DATABASE_URL: dbURL, BIDPASS_DATA_DIR: tmp };
  for (const [role, name] of [
    ['administrator', 'root01'],
    ['reviewer', 'shenhe01'],
  ]) {
    const r = spawnSync(binary, ['admin', 'create', '--role', role, '--account', name, '--password', STAFF_PW, '--display-name', role === 'reviewer' ? '审核员王工' : ''], {
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `admin create: ${r.stdout}${r.stderr}`);
  }
  server = await startServer({ binary, env: { BIDPASS_DATABASE_URL: dbURL } });
  base = server.baseURL;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** encrypt is the password transport of DECISIONS.md, as the browser does it. */
async function encrypt(password) {
  const { pubkey, keyId } = await api(base, 'GET', '/api/auth/pubkey');
  const plain = Buffer.from(JSON.stringify({ password, ts: Date.now(), nonce: randomBytes(16).toString('hex') }));
  const c = publicEncrypt({ key: pubkey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, plain);
  return { password: c.toString('base64'), keyId };
}

/** uploadPng uploads a PNG as the person and returns its id. */
async function uploadPng(token, png, name) {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), name);
  const r = await fetch(`${base}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

/**
 * registerPerson registers a person with manual verification and submits the photos; it
 * returns the token and account name. The photos are screenshots (real PNGs).
 */
async function registerPerson(name, phone, png) {
  const graphic = await api(base, 'POST', '/api/auth/verifycode');
  const { code } = await api(base, 'GET', `/api/dev/verifycode/${graphic.id}`);
  const smsCodeId = await api(base, 'POST', '/api/common/sms/send', { body: { phone, scene: 'register', codeId: graphic.id, verificationCode: code } });
  const sms = (await devOutbox(base)).find((m) => m.to === phone && m.scene === 'register');
  assert.ok(sms, 'register SMS in the outbox');
  const pw = await encrypt('Person2025');
  // The graphic code was used up by the SMS send: the submit takes a new one.
  const g2 = await api(base, 'POST', '/api/auth/verifycode');
  const c2 = (await api(base, 'GET', `/api/dev/verifycode/${g2.id}`)).code;
  const reg = await api(base, 'POST', '/api/register/account', {
    body: { account: name, phone, ...pw, verificationCode: c2, codeId: g2.id, smsCode: sms.code, smsCodeId, isAgree: true },
  });
  const token = reg.accessToken;
  await api(base, 'POST', '/api/register/person/realInfo', {
    token,
    body: {
      realName: '张三', certType: '1', certNum: '11010519491231002X', certStart: '2015-01-01', certEnd: '2035-01-01', certValid: false,
      province: '110000', city: '110105', area: '', certDetailAddr: '北京市朝阳区建国路1号', checkType: true,
    },
  });
  const ids = [];
  for (const n of ['front.png', 'back.png', 'take.png']) ids.push(await uploadPng(token, png, n));
  await api(base, 'POST', '/api/register/person/realAuth', {
    token,
    body: { certFrontId: ids[0], certBackId: ids[1], certTakeId: ids[2], certDetailAddr: '北京市朝阳区建国路1号' },
  });
  return { token, id: reg.id };
}

/** signInStaff signs in at #/admin with the real graphic code and slider. */
async function signInStaff(page, name) {
  /** @type {Array<{id: string, codeimage: string}>} */
  const codes = [];
  const onResp = async (/** @type {import('playwright-core').Response} */ r) => {
    if (r.url().includes('/api/auth/verifycode')) codes.push((await r.json()).data);
  };
  page.on('response', onResp);
  await page.goto(`${base}/#/admin`);
  // The picture shown is the one whose code we need (React may fetch twice in development).
  const img = page.getByTestId('graphic-code').locator('img');
  await img.waitFor();
  const src = await img.getAttribute('src');
  let shown;
  for (let i = 0; i < 50 && !shown; i++) {
    shown = codes.find((c) => c.codeimage === src);
    if (!shown) await new Promise((r) => setTimeout(r, 100));
  }
  page.off('response', onResp);
  assert.ok(shown, 'graphic code response of the shown picture');
  const { code } = await api(base, 'GET', `/api/dev/verifycode/${shown.id}`);
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(STAFF_PW);
  await page.getByPlaceholder('请输入图形验证码').fill(code);
  await screenshot(page, 'admin-signin');
  let got = page.waitForResponse((r) => r.url().endsWith('/captcha/get'));
  await page.getByRole('button', { name: '登 录' }).click();
  // Drag the real slider to the dev answer; a failed check shows a new image: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const body = await (await got).json();
    const ans = await api(base, 'GET', `/api/dev/captcha/${body.repData.token}`);
    const answer = JSON.parse(ans.pointJson);
    const b64 = body.repData.originalImageBase64.slice(0, 40);
    await page.waitForFunction((start) => document.querySelector('[data-testid="captcha-background"]')?.getAttribute('src')?.includes(start), b64);
    const handle = page.getByTestId('slider-handle');
    await handle.hover(); // waits until the dialog's animation has settled
    const box = await handle.boundingBox();
    assert.ok(box);
    const y = box.y + box.height / 2;
    const x0 = box.x + box.width / 2;
    const checked = page.waitForResponse((r) => r.url().endsWith('/captcha/check'));
    await page.mouse.move(x0, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + (answer.x * i) / 10, y + (i % 3) - 1);
    await page.mouse.up();
    const res = await (await checked).json();
    if (res.repCode === '0000') break;
    // the widget loads a new image about a second after a failure
    got = page.waitForResponse((r) => r.url().endsWith('/captcha/get'));
    console.info('captcha check failed, retrying:', JSON.stringify(res));
  }
  try {
    await page.getByTestId('admin-who').waitFor();
  } catch (e) {
    await screenshot(page, `admin-signin-failed-${name}`);
    console.info('sign-in problems:', page.problems);
    throw e;
  }
}

/** openItem opens the item of account in the person real-name queue, claiming it first. */
async function claimAndOpen(page, account) {
  await page.goto(`${base}/#/admin/reviews`);
  const row = page.locator('tr', { hasText: account });
  await row.waitFor();
  await screenshot(page, 'admin-queue');
  await row.getByRole('button', { name: '领 取' }).click();
  await page.getByText('提交内容与当前信息对比').waitFor();
  await page.getByText('领取有效期至').waitFor();
}

test('console: a rejection reaches the person with its reason (audit record, SMS); an approval makes the person authenticated', async () => {
  const shot = await newPage(browser, base, '/dev/outbox');
  const png = await shot.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await shot.context().close();

  const person = await registerPerson('zhangsan88', '13900001111', png);
  let auth = await api(base, 'GET', '/api/account/auth', { token: person.token });
  assert.equal(JSON.stringify(auth).includes('99'), true, `authState 99 after submitting: ${JSON.stringify(auth)}`);

  const page = await newPage(browser, base, '/admin');
  await signInStaff(page, 'shenhe01');
  await claimAndOpen(page, 'zhangsan88');
  // the photos at full size through the staff download
  await page.getByTestId('photo-证件正面照').waitFor();
  await screenshot(page, 'admin-review-detail');

  // NOT_PASS without a reason is refused on the field
  await page.getByLabel('不通过').check();
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await page.getByText('请填写不通过原因').waitFor();
  await page.getByPlaceholder('不通过时必须填写原因，申请人将看到该原因').fill('手持证件照不清晰，请重新拍摄');
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await page.getByRole('button', { name: '确 定' }).click();
  await page.getByText('该事项已审核').waitFor();
  await screenshot(page, 'admin-review-rejected');

  // the person: authState 2 and the reason in the audit record (GET /api/manage/audit/entity/logs)
  auth = await api(base, 'GET', '/api/account/auth', { token: person.token });
  const firstId = (await api(base, 'GET', '/api/admin/reviews?kind=realname&state=decided', { token: await staffToken(page) }))[0].id;
  const logs = await api(base, 'GET', `/api/manage/audit/entity/logs?id=${firstId}`, { token: person.token });
  assert.equal(logs.length, 1);
  assert.equal(logs[0].action, 'NOT_PASS');
  assert.equal(logs[0].remark, '手持证件照不清晰，请重新拍摄');
  assert.equal(logs[0].userName, '审核员王工');
  const notice = (await devOutbox(base)).find((m) => m.to === '13900001111' && m.scene === 'notice');
  assert.ok(notice && notice.text.includes('手持证件照不清晰'), `rejection SMS: ${JSON.stringify(notice)}`);

  // the person submits again (account centre's manual authentication when it exists; else the API)
  const ids = [];
  for (const n of ['front2.png', 'back2.png', 'take2.png']) ids.push(await uploadPng(person.token, png, n));
  const resubmitted = await resubmit(person.token, ids);

  if (resubmitted) {
    await claimAndOpen(page, 'zhangsan88');
    await page.getByText('账号审核历史').waitFor();
    await page.getByText('手持证件照不清晰，请重新拍摄').first().waitFor();
    await page.getByLabel('通过', { exact: true }).check();
    await page.getByRole('button', { name: '提交审核结果' }).click();
    await page.getByRole('button', { name: '确 定' }).click();
    await page.getByText('该事项已审核').waitFor();
    await screenshot(page, 'admin-review-approved');
    auth = await api(base, 'GET', '/api/account/auth', { token: person.token });
    console.info('person auth after approval:', JSON.stringify(auth));
  }

  // a second person is approved in the console and becomes authenticated (authState 1)
  const second = await registerPerson('lisi88', '13900002222', png);
  await claimAndOpen(page, 'lisi88');
  await page.getByLabel('通过', { exact: true }).check();
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await page.getByRole('button', { name: '确 定' }).click();
  await page.getByText('该事项已审核').waitFor();
  await screenshot(page, 'admin-review-approved');
  const approved = await api(base, 'GET', '/api/account/auth', { token: second.token });
  console.info('person auth after approval:', JSON.stringify(approved));
  assert.match(JSON.stringify(approved), /"(authState|state|level|authentication)":1\b/);
  const passNotice = (await devOutbox(base)).find((m) => m.to === '13900002222' && m.scene === 'notice');
  assert.ok(passNotice && passNotice.text.includes('审核通过'), `approval SMS: ${JSON.stringify(passNotice)}`);

  // the administrator sees every action with its address
  const admin = await newPage(browser, base, '/admin');
  await signInStaff(admin, 'root01');
  await admin.goto(`${base}/#/admin/actions`);
  await admin.getByText('提交审核结果').first().waitFor();
  await admin.getByText('查看文件').first().waitFor();
  await screenshot(admin, 'admin-actions');
  await admin.goto(`${base}/#/admin/staff`);
  await admin.getByRole('button', { name: '新增人员' }).waitFor();
  await admin.locator('tr', { hasText: '审核员王工' }).waitFor();
  await screenshot(admin, 'admin-staff');
  assert.deepEqual(admin.problems, []);
  assert.deepEqual(page.problems, []);
  await admin.context().close();
  await page.context().close();
});

/** staffToken reads the console's stored staff token. */
async function staffToken(page) {
  return page.evaluate(() => localStorage.getItem('adminToken'));
}

/**
 * resubmit sends the person's second manual authentication: through the account centre's
 * route when it is served, else reports that it could not (returns false).
 */
async function resubmit(token, ids) {
  const body = { certFrontId: ids[0], certBackId: ids[1], certTakeId: ids[2], certDetailAddr: '北京市朝阳区建国路1号' };
  for (const path of ['/api/account/person/realAuth', '/api/register/person/realAuth']) {
    try {
      await api(base, 'POST', path, { token, body });
      return true;
    } catch (e) {
      console.info(`resubmit via ${path}: ${e instanceof Error ? e.message : e}`);
    }
  }
  return false;
}

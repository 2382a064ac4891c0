// CA digital certificates in the browser (docs/decisions/certificates.md, "CA digital certificates in the browser (soft certificates)"), soft certificates: real Chromium against a
// real `bidpass serve --dev` whose development CA (`bidpass ca init`) issued the .pfx files
// (`bidpass ca issue`). The enterprise binds its certificate through the dialog (an expired and
// a foreign-owner certificate are refused first with their messages), signs out, signs in on
// the certificate tab, recovers its password with the certificate and unbinds it. Every
// certificate screen is photographed at 1440×900.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startFakeLongmai } from '../fake-usbkey.mjs';
import { api, cli, newPage, repoDir, screenshot as harnessShot, signInStaff, signInThroughSlider, useOwnServer } from '../harness.mjs';

const PFX_PASSWORD = 'Pfx-Secret-1';
const ENTERPRISE = { account: 'certqiye01', password: 'Cert-Passw0rd!1', phone: '13900000011', name: '北京数证建设有限公司' };
const OTHER = { account: 'certqiye02', password: 'Cert-Passw0rd!2', phone: '13900000012', name: '上海另一家建设有限公司' };
const STAFF = { account: 'certshenhe01', password: 'Review#2025abc', name: '审核员赵工' };
const ADMIN = { account: 'certroot01', password: 'Review#2025abc' };
const USB_PIN = '12345678';
const viewport = { width: 1440, height: 900 };

/** screenshot is the harness's, copied into docs/screenshots when BIDPASS_DOCS_SCREENSHOTS=1 (debug shots are not). */
async function screenshot(page, name) {
  const path = await harnessShot(page, name);
  if (process.env.BIDPASS_DOCS_SCREENSHOTS === '1' && !name.startsWith('debug-')) copyFileSync(path, join(repoDir, 'docs/screenshots/1440x900', `${name}.png`));
  return path;
}

/**
 * The fake Longmai service (e2e/fake-usbkey.mjs) holds one key made from usb.pfx. The BJCA origin
 * configured beside it is a closed port: the probe's refused connection is the only console error
 * the USB pages allow.
 */
const usb = /** @type {import('../fake-usbkey.mjs').UsbKey} */ ({ pfx: '', pfxPassword: PFX_PASSWORD, pin: USB_PIN, dir: '', loggedIn: false, calls: [] });
const { server: fakeLongmai, origin: longmaiOrigin } = await startFakeLongmai(usb);
const closedPort = await new Promise((r) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
    s.close(() => r(port));
  });
});

const own = useOwnServer('certs', {
  beforeStart: (o) => {
    // The commands below and the server share one data key (they have different data directories).
    process.env.BIDPASS_DATA_KEY ??= randomBytes(32).toString('base64');
    cli(o, ['ca', 'init']);
    // The server of useOwnServer has a data directory of its own: trust this CA by configuration.
    process.env.BIDPASS_CA_ROOTS = ['rsa', 'sm2'].map((a) => join(o.dir, 'devca', a, 'root.crt')).join(',');
    process.env.BIDPASS_CA_CRLS = ['rsa', 'sm2'].map((a) => join(o.dir, 'devca', a, 'crl.pem')).join(',');
    process.env.BIDPASS_CA_LOCAL_SERVICES = `longmai=${longmaiOrigin},bjca=ws://127.0.0.1:${closedPort}`;
    cli(o, ['admin', 'create', '--role', 'administrator', '--account', ADMIN.account, '--password', ADMIN.password, '--display-name', '']);
    cli(o, ['admin', 'create', '--role', 'reviewer', '--account', STAFF.account, '--password', STAFF.password, '--display-name', STAFF.name]);
    // `bidpass ca issue` issues for a portal account's verified name: a person account of the
    // reviewer's name stands for the member (binding a staff certificate checks no name).
    cli(o, ['account', 'create', '--type', 'person', '--account', 'certstaffname', '--password', 'Cert-Passw0rd!3', '--phone', '13900000013', '--auth-state', '1', '--name', '赵工']);
    cli(o, ['ca', 'issue', '--account', 'certstaffname', '--alg', 'rsa', '--out', join(o.dir, 'staff.pfx'), '--password', PFX_PASSWORD]);
    for (const a of [ENTERPRISE, OTHER]) {
      cli(o, ['account', 'create', '--type', 'enterprise', '--account', a.account, '--password', a.password, '--phone', a.phone, '--auth-state', '1', '--name', a.name]);
    }
    const issue = (account, out, ...more) => cli(o, ['ca', 'issue', '--account', account, '--alg', 'rsa', '--out', join(o.dir, out), '--password', PFX_PASSWORD, ...more]);
    issue(ENTERPRISE.account, 'own.pfx');
    issue(OTHER.account, 'foreign.pfx');
    issue(ENTERPRISE.account, 'expired.pfx', '--not-before', '2020-01-01', '--days', '30');
    cli(o, ['ca', 'issue', '--account', OTHER.account, '--alg', 'sm2', '--out', join(o.dir, 'sm2.pfx'), '--password', PFX_PASSWORD]);
    issue(ENTERPRISE.account, 'usb.pfx');
    usb.pfx = join(o.dir, 'usb.pfx');
    usb.dir = o.dir;
  },
});

/** noticeGone waits until the toast saying text has gone, so a later screenshot does not show an earlier step's message. */
async function noticeGone(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).waitFor({ state: 'detached' });
}

/** pickFile opens a .pfx with its password in the certificate picker inside scope. */
async function pickFile(scope, file, password = PFX_PASSWORD) {
  await scope.locator('input[type=file]').setInputFiles(join(own.dir, file));
  await scope.getByTestId('cert-password').fill(password);
  await scope.getByTestId('cert-read').click();
}

/** bindAttempt picks a file in the open dialog, goes to the confirm step and confirms. */
async function bindAttempt(page, dialog, file, shot) {
  const before = await dialog.getByTestId('cert-option').count();
  await pickFile(dialog, file);
  await dialog.getByTestId('cert-option').nth(before).waitFor().catch(async (e) => {
    await screenshot(page, 'debug-cert-bind');
    throw e;
  });
  await dialog.getByTestId('bind-next').click();
  await dialog.getByTestId('bind-step-confirm').waitFor();
  if (shot) await screenshot(page, shot);
  await dialog.getByTestId('bind-confirm').click();
}

/** The browser logs refused calls (4xx) itself; nothing else may appear. */
function unexpected(problems) {
  return problems.filter((p) => !/status of 4\d\d/.test(p));
}

/**
 * absentServices allows, beside unexpected's, only the refused connections of the local
 * services that are not there (the probe of the USB source tries every configured origin).
 */
function absentServices(problems) {
  return unexpected(problems).filter((p) => !p.includes(`ws://127.0.0.1:${closedPort}/xtxapp/`));
}

/** useKey chooses the USB Key source inside scope, waits for the fake key's certificate and types the PIN. */
async function useKey(scope, pin = USB_PIN) {
  const radio = scope.getByTestId('cert-source-key');
  // Once, in a clean-clone CI run with two browser files at a time, the click right after the
  // dialog opened did not take: the soft source stayed chosen and no service was probed (the
  // failure screenshot; it passed alone and under load since). A user would see the choice not
  // taken and click again: so does this, at most three times, and the probe must then list the key.
  for (let i = 0; i < 3 && !(await radio.isChecked()); i++) {
    await radio.click();
    for (let t = 0; t < 20 && !(await radio.isChecked()); t++) await scope.page().waitForTimeout(100);
  }
  await scope.getByTestId('cert-option').waitFor().catch(async (e) => {
    await screenshot(scope.page(), 'debug-cert-usb');
    const why = await scope.getByTestId('cert-key-error').textContent().catch(() => 'no message');
    throw new Error(`no USB-key certificate listed (${why}; the fake was called for ${usb.calls.join(', ') || 'nothing'}): ${e.message}`);
  });
  await scope.getByTestId('cert-pin').fill(pin);
}

test('an enterprise binds its soft certificate, signs in with it, recovers its password with it and unbinds it', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  await signInThroughSlider(page, own.server.baseURL, ENTERPRISE.account, ENTERPRISE.password);
  await page.waitForURL(/#\/accountCenterPage$/);

  // The CA certificate screen, empty.
  await page.goto(`${own.server.baseURL}/#/accountCenter/CAcertificate`);
  await page.getByTestId('ca-page').waitFor();
  await page.getByText('暂未绑定证书').waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'cert-ca-page-empty');

  // The bind dialog: nothing chosen, a wrong password, then the refusals.
  await page.getByTestId('ca-bind').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('bind-step-pick').waitFor();
  await dialog.getByTestId('bind-next').click();
  await page.getByText('请选择证书', { exact: true }).waitFor();
  await screenshot(page, 'cert-bind-pick');
  await pickFile(dialog, 'expired.pfx', 'wrong-password');
  await dialog.getByText('证书读取错误：证书密码不正确').waitFor();
  assert.equal(await dialog.getByTestId('cert-password').inputValue(), 'wrong-password', 'the password typed stays');
  await screenshot(page, 'cert-bind-wrong-password');

  // An expired certificate is tagged and stops at step 1 (the server refuses it too: Go tests).
  await pickFile(dialog, 'expired.pfx');
  await dialog.getByText('已过期', { exact: true }).waitFor();
  await dialog.getByTestId('bind-next').click();
  await page.getByText('该证书已过期，请选择有效期内的证书').waitFor();
  assert.equal(await dialog.getByTestId('bind-step-confirm').count(), 0, 'an expired certificate reached 确认绑定');
  await screenshot(page, 'cert-bind-expired-stopped');
  await bindAttempt(page, dialog, 'foreign.pfx');
  await dialog.getByTestId('bind-failure').getByText('证书持有者名称与账号的企业名称或个人姓名不一致').waitFor();
  await screenshot(page, 'cert-bind-failure-owner');
  await dialog.getByTestId('bind-retry').click();
  // The three files read are listed; the last one read is chosen.
  await bindAttempt(page, dialog, 'own.pfx', 'cert-bind-confirm');
  await page.getByText('绑定成功').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const bound = page.getByTestId('ca-bound');
  await bound.getByText(ENTERPRISE.name).first().waitFor();
  await page.getByTestId('ca-records').getByText('绑定', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  // One certificate per account: 绑定证书 waits for the unbinding, and says so.
  assert.equal(await page.getByTestId('ca-bind').isDisabled(), true, '绑定证书 is enabled while one is bound');
  await page.getByTestId('ca-one-bound').getByText('账号已绑定证书，请先解绑后再绑定').waitFor();
  await screenshot(page, 'cert-ca-page-bound');

  // The home's 数字证书 section lists the bound certificate (serial, validity, state) and leads to the CA page.
  const serialShown = (await bound.locator('tbody tr').first().locator('td').first().innerText()).trim();
  await page.goto(`${own.server.baseURL}/#/accountCenterPage`);
  const home = page.getByTestId('home-certificates');
  await home.getByTestId('home-certificate').filter({ hasText: serialShown }).waitFor();
  assert.ok(await home.getByText('有效', { exact: true }).isVisible(), 'the state is shown');
  assert.equal(await page.getByText('数字证书绑定功能将随数字证书模块开放。').count(), 0);
  await screenshot(page, 'cert-home-section-bound');
  await home.getByTestId('home-certificates-bind').click();
  await page.getByTestId('ca-page').waitFor();

  // Sign out, then sign in on the certificate tab.
  await page.getByText('退出登录').click();
  await page.waitForURL(/#\/(\?.*)?$/);
  await page.getByRole('tab', { name: '数字证书' }).click();
  const tab = page.getByTestId('cert-login');
  await tab.waitFor();
  await screenshot(page, 'cert-login-tab');
  await page.getByTestId('cert-login-submit').click();
  await page.getByText('请选择证书', { exact: true }).waitFor();
  await pickFile(tab, 'own.pfx');
  await tab.getByTestId('cert-option').waitFor();
  await noticeGone(page, '请选择证书');
  await screenshot(page, 'cert-login-chosen');
  await page.getByTestId('cert-login-submit').click();
  await page.waitForURL(/#\/accountCenterPage$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('userName')), ENTERPRISE.account);
  assert.deepEqual(unexpected(page.problems), []);
  await page.context().close();

  // Recover the password with the certificate.
  const rec = await newPage(own.browser, own.server.baseURL, '/supply/findPwd', { viewport });
  await rec.getByTestId('method-cert-go').waitFor();
  await screenshot(rec, 'cert-recovery-card');
  await rec.getByTestId('method-cert-go').click();
  await rec.waitForURL(/#\/supply\/findPwd\/certificate$/);
  const step = rec.getByTestId('cert-recover');
  await step.waitFor();
  await pickFile(step, 'own.pfx');
  await step.getByTestId('cert-option').waitFor();
  await screenshot(rec, 'cert-recovery-step0');
  await rec.getByTestId('cert-recover-submit').click();
  await rec.getByTestId('account-picker').getByText(ENTERPRISE.account).waitFor();
  await rec.getByTestId('pick-next').click();
  await rec.locator('#password').fill('New-Passw0rd!99');
  await rec.locator('#confirmPwd').fill('New-Passw0rd!99');
  await rec.getByTestId('reset-submit').click();
  await rec.getByTestId('recovery-done').waitFor();
  await screenshot(rec, 'cert-recovery-done');
  assert.deepEqual(unexpected(rec.problems), []);
  await rec.context().close();

  // The new password signs in; then the certificate is unbound after a confirmation.
  const back = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  await signInThroughSlider(back, own.server.baseURL, ENTERPRISE.account, 'New-Passw0rd!99');
  await back.waitForURL(/#\/accountCenterPage$/);
  ENTERPRISE.password = 'New-Passw0rd!99'; // the later tests sign in with the recovered password
  await back.goto(`${own.server.baseURL}/#/accountCenter/CAcertificate`);
  await back.getByTestId('ca-bound').getByText(ENTERPRISE.name).first().waitFor();
  await back.getByTestId('ca-unbind').click();
  await back.getByText('确定解绑该证书吗？解绑后将不能使用该证书登录。').waitFor();
  await screenshot(back, 'cert-unbind-confirm');
  // antd spaces two-character button labels (解 绑).
  await back.locator('.ant-popover').getByRole('button', { name: /^解\s?绑$/ }).click();
  await back.getByText('解绑成功').waitFor();
  await back.getByTestId('ca-bound').getByText('暂未绑定证书').waitFor();
  await back.getByTestId('ca-records').getByText('解绑', { exact: true }).waitFor();
  assert.equal(await back.getByTestId('ca-bind').isEnabled(), true, '绑定证书 is enabled again once unbound');
  await back.waitForLoadState('networkidle');
  await screenshot(back, 'cert-ca-page-unbound');
  assert.deepEqual(back.problems, []);
  await back.context().close();
});

test('an SM2 soft certificate binds and signs in (SM3/SM2 PKCS#7 made in the page)', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  await signInThroughSlider(page, own.server.baseURL, OTHER.account, OTHER.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${own.server.baseURL}/#/basic/CAcertificate`);
  await page.getByTestId('ca-bind').click();
  const dialog = page.getByRole('dialog');
  await bindAttempt(page, dialog, 'sm2.pfx');
  await page.getByText('绑定成功').waitFor();
  await page.getByTestId('ca-bound').getByText(OTHER.name).first().waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'cert-basic-ca-page-sm2');
  await page.evaluate(() => localStorage.clear());

  await page.goto(`${own.server.baseURL}/#/`);
  await page.getByRole('tab', { name: '数字证书' }).click();
  const tab = page.getByTestId('cert-login');
  await pickFile(tab, 'sm2.pfx');
  await tab.getByTestId('cert-option').waitFor();
  await page.getByTestId('cert-login-submit').click();
  await page.waitForURL(/#\/accountCenterPage$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('userName')), OTHER.account);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

/** The USB source probes every configured vendor origin; the absent ones refuse the connection. */
const absentService = (/** @type {string} */ p) => p.includes(`ws://127.0.0.1:${closedPort}/xtxapp/`);

test('a USB key (the Longmai service) binds through the dialog and signs in on the certificate tab', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  page.expectProblems(absentService);
  await signInThroughSlider(page, own.server.baseURL, ENTERPRISE.account, ENTERPRISE.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  await page.goto(`${own.server.baseURL}/#/accountCenter/CAcertificate`);
  await page.getByTestId('ca-bind').click();
  const dialog = page.getByRole('dialog');
  await useKey(dialog);
  await dialog.getByText('龙脉 mToken').waitFor();
  await screenshot(page, 'cert-bind-usb-pick');
  await dialog.getByTestId('bind-next').click();
  await dialog.getByTestId('bind-confirm').click();
  await page.getByText('绑定成功').waitFor();
  await page.getByTestId('ca-bound').getByText(ENTERPRISE.name).first().waitFor();
  assert.deepEqual(absentServices(page.problems), []);
  await page.context().close();

  // Signed out: a wrong PIN is refused with the tries left, the right one signs in.
  const login = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  login.expectProblems(absentService);
  await login.getByRole('tab', { name: '数字证书' }).click();
  const tab = login.getByTestId('cert-login');
  await useKey(tab, '000000');
  await login.getByTestId('cert-login-submit').click();
  await login.getByText('证书口令错误，还可以再试9次').waitFor();
  await tab.getByTestId('cert-pin').fill(USB_PIN);
  await screenshot(login, 'cert-login-usb');
  await login.getByTestId('cert-login-submit').click();
  await login.waitForURL(/#\/accountCenterPage$/);
  assert.equal(await login.evaluate(() => localStorage.getItem('userName')), ENTERPRISE.account);
  assert.ok(usb.calls.includes('SOF_SignDataToPKCS7'));
  assert.deepEqual(absentServices(login.problems), []);
  await login.context().close();

  // Nothing answers: 控件未安装 with the driver link.
  fakeLongmai.closeAllConnections();
  const down = await newPage(own.browser, own.server.baseURL, '/', { viewport });
  down.expectProblems((p) => absentService(p) || p.includes(longmaiOrigin) || p.includes('ERR_CONNECTION_REFUSED'));
  await down.route(`${longmaiOrigin}/**`, (r) => r.abort('connectionrefused'));
  await down.getByRole('tab', { name: '数字证书' }).click();
  await down.getByTestId('cert-source-key').click();
  await down.getByTestId('cert-key-error').getByText('控件未安装').waitFor();
  await down.getByTestId('cert-driver').waitFor();
  await screenshot(down, 'cert-login-usb-not-installed');
  assert.deepEqual(absentServices(down.problems).filter((p) => !p.includes(longmaiOrigin) && !p.includes('ERR_CONNECTION_REFUSED')), []);
  await down.context().close();
});

test('the staff console signs in with a certificate an administrator bound to the member', async () => {
  // The administrator binds the member's certificate in 人员管理 → 数字证书, reading it from the
  // member's .pfx; a certificate of a portal account's owner bound already is refused first.
  const admin = await newPage(own.browser, own.server.baseURL, '/admin', { viewport });
  await signInStaff(admin, own.server.baseURL, ADMIN.account, ADMIN.password);
  await admin.goto(`${own.server.baseURL}/#/admin/staff`);
  await admin.getByTestId(`staff-cert-open-${STAFF.account}`).click();
  const dialog = admin.getByTestId('staff-cert');
  await dialog.getByTestId('cert-picker').waitFor();
  await admin.getByTestId('staff-cert-bind').click();
  await admin.getByText('请选择证书', { exact: true }).waitFor();
  await pickFile(dialog, 'staff.pfx');
  await dialog.getByTestId('cert-option').waitFor();
  await noticeGone(admin, '请选择证书');
  await screenshot(admin, 'cert-staff-bind');
  await admin.getByTestId('staff-cert-bind').click();
  await admin.getByText('绑定成功').waitFor();
  await dialog.getByTestId('staff-cert-bound').getByText('赵工').first().waitFor();
  await screenshot(admin, 'cert-staff-bound');
  const token = await admin.evaluate(() => localStorage.getItem('adminToken'));
  const members = await api(own.server.baseURL, 'GET', '/api/admin/staff?page=1&pageSize=50', { token });
  const member = members.find((m) => m.account === STAFF.account);
  const bound = await api(own.server.baseURL, 'GET', `/api/admin/staff/${member.id}/certificate`, { token });
  assert.equal(bound.length, 1, 'the dialog bound the certificate on the server');
  assert.deepEqual(unexpected(admin.problems), []);
  await admin.context().close();

  const page = await newPage(own.browser, own.server.baseURL, '/admin', { viewport });
  await page.getByRole('tab', { name: '数字证书登录' }).click();
  const tab = page.getByTestId('cert-login');
  await tab.waitFor();
  await pickFile(tab, 'staff.pfx');
  await tab.getByTestId('cert-option').waitFor();
  await screenshot(page, 'cert-staff-signin');
  await page.getByTestId('cert-login-submit').click();
  await page.getByTestId('admin-who').waitFor();
  await page.waitForURL(/#\/admin\/reviews/);
  assert.ok(await page.evaluate(() => localStorage.getItem('adminToken')));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The fake service would keep the test process alive (also when a name pattern skips tests).
after(() => fakeLongmai.close());

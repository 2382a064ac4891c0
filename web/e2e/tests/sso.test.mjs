// Single sign-on (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): a demonstration relying party (internal/sso/demorp: coreos/go-oidc and
// golang.org/x/oauth2, PKCE) sends the browser to bidpass; the user signs in on the portal's login
// page with the graphic code and the slider and lands back at the relying party, which shows the ID
// token's claims. An administrator registers a confidential client in the console (接入应用) and the
// relying party signs in with the secret copied from the dialog. A client that requires real-name
// refuses unverified accounts with the spec's messages; one that does not lets them in. The server
// runs on a port chosen here, so that its issuer (BIDPASS_PUBLIC_URL) is an address the relying
// parties can reach.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { startFakeLongmai } from '../fake-usbkey.mjs';
import { api, buildBinary, contractViolations, launchBrowser, newPage, postgresRedis, postgresRedisChoice, repoDir, screenshot, signInStaff, signInThroughSlider, startServer } from '../harness.mjs';

/** @returns {Promise<number>} a port free at the time of asking */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

const STAFF_PW = 'Review#2025abc';
const PFX_PASSWORD = 'Pfx-Secret-1';
const USB_PIN = '12345678';
const ACR_CERTIFICATE = 'urn:bidpass:acr:certificate';
const ACR_PASSWORD = 'urn:bidpass:acr:password';

/**
 * @typedef {object} World  a server with its database, and the demo relying parties signing in through it
 * @property {string} dir  the temporary directory (binary, SQLite file, data directory, .pfx files)
 * @property {Record<string, string>} env  the server's and the commands' environment
 * @property {import('../harness.mjs').Server} server
 * @property {import('node:child_process').ChildProcess[]} rps
 * @property {string} rpURL  the demo relying party (client demo: public, first-party)
 * @property {(args: string[]) => string} cli  an operators' command on this world's database
 * @property {() => Promise<void>} stop
 */

/**
 * startRP runs the demo relying party of world for clientId at url (http://127.0.0.1:PORT), with
 * the client's secret in its environment when it has one.
 * @param {World} world @param {string} url @param {string} clientId @param {string} [secret]
 */
async function startRP(world, url, clientId, secret) {
  const rp = spawn(w.rpBin, ['--issuer', world.server.baseURL, '--client-id', clientId, '--addr', url.replace('http://', '')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEMORP_CLIENT_SECRET: secret ?? '' },
  });
  world.rps.push(rp);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('demorp did not start within 30 s')), 30_000);
    createInterface({ input: /** @type {import('node:stream').Readable} */ (rp.stdout) }).on('line', (line) => {
      if (line.startsWith('demorp listening')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    rp.once('exit', (code) => reject(new Error(`demorp exited (${code})`)));
  });
}

/**
 * startWorld starts a server on a port chosen here (its issuer is an address the relying parties
 * reach) on SQLite, or on the database and Redis of backendEnv (harness postgresRedis), with the
 * development CA made first (dev mode trusts DATA_DIR/devca), the demo account and client, and
 * the demo relying party. prepare adds what a world needs more once the server runs.
 * @param {string} name @param {Record<string, string>} [backendEnv]
 * @returns {Promise<World>}
 */
async function startWorld(name, backendEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), `bidpass-e2e-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server and the commands share the database and the data directory (the development CA).
  const env = { BIDPASS_DATABASE_URL: join(dir, 'sso.db'), BIDPASS_DATA_DIR: dir, BIDPASS_PUBLIC_URL: base, ...backendEnv };
  const cli = (/** @type {string[]} */ args) => execFileSync(w.binary, args, { env: { ...process.env, ...env }, stdio: 'pipe' }).toString();
  cli(['ca', 'init']);
  const server = await startServer({ binary: w.binary, args: ['--addr', `127.0.0.1:${port}`], env });
  assert.equal(server.baseURL, base);
  const world = { dir, env, server, rps: /** @type {import('node:child_process').ChildProcess[]} */ ([]), rpURL: `http://127.0.0.1:${await freePort()}`, cli,
    stop: async () => {
      for (const rp of world.rps) rp.kill('SIGTERM');
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    } };
  cli(['account', 'create', '--type', 'person', '--account', 'ssodemo1', '--password', 'Passw0rd1', '--phone', '13800009901', '--auth-state', '1', '--name', '王五']);
  cli(['oidc', 'client', 'add', '--id', 'demo', '--name', '演示应用', '--public', '--first-party', '--redirect-uri', `${world.rpURL}/callback`]);
  await startRP(world, world.rpURL, 'demo');
  return world;
}

/**
 * @type {{ dir: string, binary: string, rpBin: string, main: World, postgres?: World, usb: import('../fake-usbkey.mjs').UsbKey, longmai: import('node:http').Server,
 *   browser: import('playwright-core').Browser, consoleRpURL: string, strictRpURL: string }}
 */
const w = /** @type {any} */ ({});

before(async () => {
  w.dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-sso-'));
  w.binary = process.env.BIDPASS_E2E_BINARY ?? buildBinary(w.dir);
  w.rpBin = join(w.dir, 'demorp');
  execFileSync('go', ['build', '-o', w.rpBin, './internal/sso/demorp'], { cwd: repoDir, stdio: 'pipe' });
  // The USB key of ssocert1 (e2e/fake-usbkey.mjs), the only local service the pages probe.
  w.usb = { pfx: '', pfxPassword: PFX_PASSWORD, pin: USB_PIN, dir: w.dir, loggedIn: false, calls: [] };
  const longmai = await startFakeLongmai(w.usb);
  w.longmai = longmai.server;
  w.main = await startWorld('sso', { BIDPASS_CA_LOCAL_SERVICES: `longmai=${longmai.origin}` });
  w.usb.pfx = join(w.main.dir, 'ssocert1.pfx');
  const cli = w.main.cli;
  cli(['account', 'create', '--type', 'person', '--account', 'ssonew01', '--password', 'Passw0rd1', '--phone', '13800009902', '--auth-state', '0']);
  cli(['account', 'create', '--type', 'person', '--account', 'ssowait1', '--password', 'Passw0rd1', '--phone', '13800009903', '--auth-state', '99']);
  cli(['account', 'create', '--type', 'person', '--account', 'ssocert1', '--password', 'Passw0rd1', '--phone', '13800009904', '--auth-state', '1', '--name', '赵六']);
  cli(['ca', 'issue', '--account', 'ssocert1', '--alg', 'rsa', '--out', join(w.main.dir, 'ssocert1.pfx'), '--password', PFX_PASSWORD]);
  cli(['admin', 'create', '--role', 'administrator', '--account', 'ssoadmin', '--password', STAFF_PW, '--display-name', '接入管理员']);
  [w.consoleRpURL, w.strictRpURL] = (await Promise.all([freePort(), freePort()])).map((p) => `http://127.0.0.1:${p}`);
  cli(['oidc', 'client', 'add', '--id', 'strict', '--name', '实名应用', '--public', '--first-party', '--require-realname', '--redirect-uri', `${w.strictRpURL}/callback`]);
  await startRP(w.main, w.strictRpURL, 'strict');
  w.browser = await launchBrowser();
});

after(async () => {
  await w.browser?.close();
  await w.main?.stop();
  w.longmai?.close();
  if (w.dir) rmSync(w.dir, { recursive: true, force: true });
  if (w.main) assert.deepEqual(contractViolations(w.main.server), []);
});

/**
 * signInAt starts at a relying party and signs in on the portal's login page.
 * @param {import('../harness.mjs').TestPage} page @param {string} rpURL @param {string} account @param {World} [world]
 */
async function signInAt(page, rpURL, account, world = w.main) {
  const base = world.server.baseURL;
  await page.goto(`${rpURL}/`);
  // The provider sent the browser to the portal's login page with the request to resume.
  await page.waitForURL((u) => u.href.startsWith(`${base}/#/?authorize_uri=`)).catch((e) => {
    throw new Error(`${e} at ${page.url()}`);
  });
  await signInThroughSlider(page, base, account, 'Passw0rd1');
}

/** @param {import('playwright-core').Page} page */
async function claimsAt(page) {
  await page.getByText('已通过 bidpass 登录').waitFor();
  return JSON.parse((await page.locator('#claims').textContent()) ?? '{}');
}

test('a relying party signs a user in through the portal (password, graphic code, slider) and shows the claims', async () => {
  const server = w.main.server;
  const page = await newPage(/** @type {import('playwright-core').Browser} */ (w.browser), server.baseURL, '/');
  await signInAt(page, w.main.rpURL, 'ssodemo1');
  await page.waitForURL((u) => u.href.startsWith(`${w.main.rpURL}/callback?`));
  const claims = await claimsAt(page);
  assert.equal(claims.preferred_username, 'ssodemo1');
  assert.equal(claims.name, '王五');
  assert.equal(claims.auth_state, 1);
  assert.equal(claims.account_type, 'person');
  assert.match(claims.sub, /^\d+$/);
  assert.deepEqual(page.problems, []);
});

test('an administrator registers a client in the console, copies its secret once, and the relying party signs an unverified person in with it', async () => {
  const server = w.main.server;
  const browser = /** @type {import('playwright-core').Browser} */ (w.browser);
  const admin = await newPage(browser, server.baseURL, '/admin', { viewport: { width: 1440, height: 900 } });
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  await signInStaff(admin, server.baseURL, 'ssoadmin', STAFF_PW);
  await admin.getByRole('menuitem', { name: '接入应用' }).click();
  await admin.waitForURL(/#\/admin\/oidc$/);
  await admin.getByTestId('oidc-add').click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByTestId('oidc-client-id').fill('console');
  await dialog.getByTestId('oidc-name').fill('控制台登记的系统');
  await dialog.getByTestId('oidc-redirects').fill(`${w.consoleRpURL}/callback`);
  // Confidential by default; 平台自有系统 is off by default (docs/decisions/newcomer-fixes.md, "loginType=basics shows 立即注册 and 忘记密码") and switched on here; real-name not required.
  assert.equal(await dialog.getByTestId('oidc-first-party').getAttribute('aria-checked'), 'false');
  await dialog.getByTestId('oidc-first-party').click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();

  const secretBox = admin.getByTestId('oidc-secret');
  await secretBox.waitFor();
  const shown = ((await secretBox.textContent()) ?? '').trim();
  assert.match(shown, /^[a-z0-9]{40,}$/);
  await admin.getByText('密钥只显示这一次，关闭后无法再次查看', { exact: false }).waitFor();
  await admin.getByTestId('oidc-secret-copy').click();
  await admin.getByText('已复制').waitFor();
  const copied = await admin.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown);
  await admin.waitForTimeout(400); // the dialog's opening animation
  // Into e2e/screenshots (not under git): docs/screenshots/1440x900/admin-oidc-secret.png was taken
  // from this run's shot, and admin-oidc.png comes from `make screenshots`.
  await screenshot(admin, 'sso-admin-oidc-secret');
  await admin.getByTestId('oidc-secret-done').click();
  // Closed, the secret is gone from the page and the list never shows it.
  await secretBox.waitFor({ state: 'detached' });
  const row = admin.getByTestId('oidc-table').getByRole('row', { name: /控制台登记的系统/ });
  await row.getByText('机密客户端').waitFor();
  assert.equal(await admin.getByText(shown).count(), 0);
  await admin.locator('.ant-message-notice').first().waitFor({ state: 'detached' }).catch(() => {});
  await screenshot(admin, 'sso-admin-oidc');

  // The relying party configured with the copied secret signs in an account without real-name
  // authentication (authState 0): the client does not require it, so nothing refuses.
  await startRP(w.main, w.consoleRpURL, 'console', copied);
  const page = await newPage(browser, server.baseURL, '/');
  await signInAt(page, w.consoleRpURL, 'ssonew01');
  await page.waitForURL((u) => u.href.startsWith(`${w.consoleRpURL}/callback?`));
  const claims = await claimsAt(page);
  assert.equal(claims.preferred_username, 'ssonew01');
  assert.equal(claims.auth_state, 0);
  assert.deepEqual(claims.aud, ['console']);
  assert.equal(claims.name, undefined);
  assert.deepEqual(admin.problems, []);
  assert.deepEqual(page.problems, []);
});

test('a client that requires real-name refuses unverified accounts with the spec messages; the authorize_uri flow keeps refusing them on the page', async () => {
  const server = w.main.server;
  const browser = /** @type {import('playwright-core').Browser} */ (w.browser);
  for (const [account, msg] of [
    ['ssonew01', '账号未提交实名认证，请提交审核'],
    ['ssowait1', '账号未通过实名认证，请等待审核'],
  ]) {
    const page = await newPage(browser, server.baseURL, '/');
    await signInAt(page, w.strictRpURL, account);
    await page.getByText(msg).waitFor();
    // Still on the login page, signed out again (no portal session left behind).
    assert.ok(page.url().startsWith(`${server.baseURL}/#/?authorize_uri=`), page.url());
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    // The provider's refusal is an answer of the authorize call (403): the browser logs it.
    assert.deepEqual(
      page.problems.filter((p) => !/status of 403/.test(p)),
      [],
    );
    await page.context().close();
  }
  // The spec's authorize_uri flow (01 §4): the page refuses before asking for a code.
  const legacy = encodeURIComponent('/api/auth/authorize?client_id=tender&state=x1');
  const page = await newPage(browser, server.baseURL, `/?authorize_uri=${legacy}`);
  await signInThroughSlider(page, server.baseURL, 'ssonew01', 'Passw0rd1');
  await page.getByText('账号未提交实名认证，请提交审核').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  assert.deepEqual(page.problems, []);
});

test('prompt=none: a browser holding a portal session comes back signed in without the login form; one without gets login_required', async () => {
  const server = w.main.server;
  const browser = /** @type {import('playwright-core').Browser} */ (w.browser);
  const page = await newPage(browser, server.baseURL, '/');
  await signInAt(page, w.main.rpURL, 'ssodemo1');
  await page.waitForURL((u) => u.href.startsWith(`${w.main.rpURL}/callback?`));
  const first = await claimsAt(page);
  // Silent: the login page resumes with the session it holds and shows no form.
  /** @type {string[]} */
  const seen = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  await page.goto(`${w.main.rpURL}/?prompt=none`);
  await page.waitForURL((u) => u.href.startsWith(`${w.main.rpURL}/callback?`) && u.searchParams.has('code'));
  const again = await claimsAt(page);
  assert.equal(again.sub, first.sub);
  // The same portal sign-in: auth_time is that sign-in's, not the silent request's.
  assert.equal(again.auth_time, first.auth_time);
  assert.ok(seen.some((u) => u.includes('prompt=none')), seen.join('\n'));
  assert.deepEqual(page.problems, []);

  // A browser without a portal session: straight back with login_required.
  const fresh = await newPage(browser, server.baseURL, '/');
  await fresh.goto(`${w.main.rpURL}/?prompt=none`);
  await fresh.waitForURL((u) => u.href.startsWith(`${w.main.rpURL}/callback?`) && u.searchParams.get('error') === 'login_required');
  assert.equal(await fresh.locator('#error').textContent(), 'login_required');
  assert.deepEqual(fresh.problems, []);
});

/**
 * attackerStart is the attacker's own /oidc/authorize request (his PKCE challenge), from an HTTP
 * client of his own: it answers the login page's link he sends the victim, the request id and the
 * cookie his client got.
 * @param {World} world @param {boolean} silent
 */
async function attackerStart(world, silent) {
  const base = world.server.baseURL;
  const q = new URLSearchParams({ client_id: 'demo', redirect_uri: `${world.rpURL}/callback`, response_type: 'code', scope: 'openid profile', state: 'evil',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
  if (silent) q.set('prompt', 'none');
  const res = await fetch(`${base}/oidc/authorize?${q}`, { redirect: 'manual' });
  const loc = res.headers.get('location') ?? '';
  assert.equal(res.status, 302);
  const resume = decodeURIComponent(loc.replace('/#/?authorize_uri=', '').replace('&prompt=none', ''));
  const id = new URLSearchParams(resume.split('?')[1]).get('auth_request') ?? '';
  assert.ok(id, loc);
  return { link: `${base}${loc}`, id, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

/**
 * collect is the attacker at the provider's callback with the id (with his cookie, and without): the number of codes he got.
 * @param {World} world @param {string} id @param {string} cookie
 */
async function collect(world, id, cookie) {
  const base = world.server.baseURL;
  let codes = 0;
  for (const headers of [{ cookie }, {}]) {
    const res = await fetch(`${base}/oidc/authorize/callback?id=${encodeURIComponent(id)}`, { redirect: 'manual', headers });
    if (new URL(res.headers.get('location') ?? 'http://x/', base).searchParams.get('code')) codes++;
  }
  return codes;
}

/**
 * fixation runs the attack in world: a signed-in victim opens the attacker's links (silent and
 * not), the attacker collects with the ids; then the victim's own sign-in completes.
 * @param {World} world
 */
async function fixation(world) {
  const server = world.server;
  const victim = await newPage(w.browser, server.baseURL, '/');
  // The refusals of the attacker's request (404) the page shows are the only errors expected.
  victim.expectProblems((p) => /status of 404/.test(p));
  await signInAt(victim, world.rpURL, 'ssodemo1', world);
  await victim.waitForURL((u) => u.href.startsWith(`${world.rpURL}/callback?`));
  const own = await claimsAt(victim);
  let codes = 0;

  // prompt=none: the victim's login page tries to resume silently; the request is not this browser's.
  const silent = await attackerStart(world, true);
  await victim.goto(silent.link);
  await victim.waitForURL((u) => u.pathname.endsWith('/login-required'));
  await victim.getByText('授权请求已失效，请返回应用重新登录').waitFor();
  codes += await collect(world, silent.id, silent.cookie);

  // Without prompt=none: the page says the request is not valid here; the victim signs in anyway.
  const loud = await attackerStart(world, false);
  await victim.goto(loud.link);
  await victim.getByTestId('login-asker').getByText('授权请求已失效，请返回应用重新登录').waitFor();
  await signInThroughSlider(victim, server.baseURL, 'ssodemo1', 'Passw0rd1');
  await victim.locator('.ant-message-notice', { hasText: '授权请求已失效，请返回应用重新登录' }).waitFor();
  codes += await collect(world, loud.id, loud.cookie);
  assert.equal(codes, 0, 'codes the attacker collected');

  // The victim's own sign-in: the page names the application and the sign-in completes; then a
  // silent one with that session completes too.
  await victim.goto(`${world.rpURL}/`);
  await victim.getByTestId('login-asker').getByText('「演示应用」请求使用您的账号登录').waitFor();
  if (world === w.main) await screenshot(victim, 'sso-login-asker');
  await signInThroughSlider(victim, server.baseURL, 'ssodemo1', 'Passw0rd1');
  await victim.waitForURL((u) => u.href.startsWith(`${world.rpURL}/callback?`) && u.searchParams.has('code'));
  assert.equal((await claimsAt(victim)).sub, own.sub);
  await victim.goto(`${world.rpURL}/?prompt=none`);
  await victim.waitForURL((u) => u.href.startsWith(`${world.rpURL}/callback?`) && u.searchParams.has('code'));
  assert.equal((await claimsAt(victim)).sub, own.sub);
  assert.deepEqual(victim.problems.filter((p) => !/status of 404/.test(p)), []);
  await victim.context().close();
}

test('request fixation: a signed-in victim who opens the attacker\'s link gives the attacker no code (with and without prompt=none); the victim\'s own sign-in completes', async () => {
  await fixation(w.main);
});

// The same attack on PostgreSQL + Redis (a fresh database, dropped after): the binding lives in
// the request row and the sessions in Redis there. CI sets the servers (.ci/run); elsewhere
// without them the test skips with the reason.
const pg = postgresRedisChoice();
test('request fixation on PostgreSQL + Redis: no code to the attacker, the victim\'s sign-in completes', { skip: !pg.required && pg.reason ? `SKIP postgres+redis: ${pg.reason}` : false }, async () => {
  assert.equal(pg.reason, '', 'CI=1 needs PostgreSQL and Redis for the browser tests');
  const backend = postgresRedis(pg);
  try {
    w.postgres = await startWorld('sso-pg', backend.env);
    await fixation(w.postgres);
  } finally {
    await w.postgres?.stop();
    if (w.postgres) assert.deepEqual(contractViolations(w.postgres.server), []);
    w.postgres = undefined;
    backend.drop();
  }
});

/**
 * bindCertificate binds the .pfx of account to it as the account centre does, with the portal
 * session token: the server's challenge signed by OpenSSL (attached PKCS#7, SHA-256).
 * @param {string} token @param {string} account
 */
async function bindCertificate(token, account) {
  const base = w.main.server.baseURL;
  const pfx = join(w.main.dir, `${account}.pfx`);
  const pem = (/** @type {string[]} */ args, /** @type {string} */ out) =>
    execFileSync('openssl', ['pkcs12', '-in', pfx, '-passin', `pass:${PFX_PASSWORD}`, ...args, '-out', join(w.main.dir, out)]);
  pem(['-clcerts', '-nokeys'], `${account}-cert.pem`);
  pem(['-nocerts', '-nodes'], `${account}-key.pem`);
  const challenge = await api(base, 'POST', '/api/certificate/add/prev', { token });
  const signed = execFileSync('openssl', ['cms', '-sign', '-binary', '-nodetach', '-md', 'sha256', '-outform', 'DER',
    '-signer', join(w.main.dir, `${account}-cert.pem`), '-inkey', join(w.main.dir, `${account}-key.pem`)], { input: challenge });
  await api(base, 'POST', '/api/certificate/add', { token, body: { signToken: signed.toString('base64'), signType: 1 } });
}

test('acr_values for the certificate level: a password session is not taken (silent: login_required; the page opens the 数字证书 tab and refuses the password), the soft certificate signs in and the ID token says amr swk and the certificate acr, a USB key amr hwk; an unreachable level is unmet_authentication_requirements', async () => {
  const { server, rpURL } = w.main;
  const page = await newPage(w.browser, server.baseURL, '/', { viewport: { width: 1440, height: 900 } });
  // The provider's refusal of the password session for this request is an answer of the resume (403).
  page.expectProblems((p) => /status of 403/.test(p));
  // A password sign-in: amr pwd, the password level.
  await signInAt(page, rpURL, 'ssocert1');
  await page.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`));
  const byPassword = await claimsAt(page);
  assert.deepEqual(byPassword.amr, ['pwd']);
  assert.equal(byPassword.acr, ACR_PASSWORD);
  // The session the login page stored (on the portal's origin; the page is at the relying party's now).
  const portal = await page.context().newPage();
  await portal.goto(`${server.baseURL}/favicon.svg`);
  await bindCertificate(/** @type {string} */ (await portal.evaluate(() => localStorage.getItem('token'))), 'ssocert1');
  await portal.close();

  // Silent, with that password session: not enough for the certificate level.
  await page.goto(`${rpURL}/?prompt=none&acr_values=${encodeURIComponent(ACR_CERTIFICATE)}`);
  await page.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`) && u.searchParams.get('error') === 'login_required');

  // Not silent: the login page opens the certificate tab and says why; the password is refused.
  await page.goto(`${rpURL}/?acr_values=${encodeURIComponent(ACR_CERTIFICATE)}`);
  await page.getByTestId('login-asker').getByText('「演示应用」要求使用数字证书登录，请在“数字证书”页登录').waitFor();
  const tab = page.getByTestId('cert-login');
  await tab.waitFor();
  assert.equal(await page.getByRole('tab', { name: '数字证书' }).getAttribute('aria-selected'), 'true');
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'sso-acr-certificate-tab');
  await page.getByRole('tab', { name: '账号密码' }).click();
  await signInThroughSlider(page, server.baseURL, 'ssocert1', 'Passw0rd1');
  await page.locator('.ant-message-notice', { hasText: '该应用要求使用数字证书登录' }).waitFor();
  assert.ok(page.url().startsWith(`${server.baseURL}/#/?authorize_uri=`), page.url());
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'the refused session is not kept');

  // The soft certificate (.pfx in the page) on the 数字证书 tab: the request completes.
  await page.getByRole('tab', { name: '数字证书' }).click();
  await tab.locator('input[type=file]').setInputFiles(join(w.main.dir, 'ssocert1.pfx'));
  await tab.getByTestId('cert-password').fill(PFX_PASSWORD);
  await tab.getByTestId('cert-read').click();
  await tab.getByTestId('cert-option').waitFor();
  await page.getByTestId('cert-login-submit').click();
  await page.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`));
  const byCertificate = await claimsAt(page); // verified by the relying party (go-oidc, the JWKS)
  assert.equal(byCertificate.sub, byPassword.sub);
  assert.deepEqual(byCertificate.amr, ['swk']);
  assert.equal(byCertificate.acr, ACR_CERTIFICATE);
  // That certificate session now meets the level silently.
  await page.goto(`${rpURL}/?prompt=none&acr_values=${encodeURIComponent(ACR_CERTIFICATE)}`);
  await page.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`) && u.searchParams.has('code'));
  assert.deepEqual((await claimsAt(page)).amr, ['swk']);

  // A level no sign-in reaches, asked as essential: the protocol's error at the redirect URI.
  const claims = JSON.stringify({ id_token: { acr: { essential: true, values: ['urn:example:acr:loa4'] } } });
  await page.goto(`${rpURL}/?claims=${encodeURIComponent(claims)}`);
  await page.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`) && u.searchParams.has('error'));
  assert.equal(await page.locator('#error').textContent(), 'unmet_authentication_requirements');
  assert.deepEqual(page.problems.filter((p) => !/status of 403/.test(p)), []);
  await page.context().close();

  // Another browser, the same certificate on a USB key (the vendor's component signs): amr hwk.
  const key = await newPage(w.browser, server.baseURL, '/', { viewport: { width: 1440, height: 900 } });
  await key.goto(`${rpURL}/?acr_values=${encodeURIComponent(ACR_CERTIFICATE)}`);
  await key.getByTestId('login-asker').getByText('「演示应用」要求使用数字证书登录，请在“数字证书”页登录').waitFor();
  const keyTab = key.getByTestId('cert-login');
  await keyTab.waitFor(); // the tab's code loads when it opens
  await keyTab.getByTestId('cert-source-key').click();
  await keyTab.getByTestId('cert-option').waitFor();
  await keyTab.getByTestId('cert-pin').fill(USB_PIN);
  await key.getByTestId('cert-login-submit').click();
  await key.waitForURL((u) => u.href.startsWith(`${rpURL}/callback?`));
  const byKey = await claimsAt(key);
  assert.equal(byKey.sub, byPassword.sub);
  assert.deepEqual(byKey.amr, ['hwk']);
  assert.equal(byKey.acr, ACR_CERTIFICATE);
  assert.ok(w.usb.calls.includes('SOF_SignDataToPKCS7'), w.usb.calls.join(', '));
  assert.deepEqual(key.problems, []);
  await key.context().close();
});

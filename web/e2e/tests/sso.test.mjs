// Single sign-on (issue 20): a demonstration relying party (internal/sso/demorp: coreos/go-oidc and
// golang.org/x/oauth2, a public client with PKCE) sends the browser to bidpass; the user signs in on
// the portal's login page with the graphic code and the slider and lands back at the relying party,
// which shows the ID token's claims. The server runs on a port chosen here, so that its issuer
// (BIDPASS_PUBLIC_URL) is an address the relying party can reach.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { buildBinary, contractViolations, launchBrowser, newPage, repoDir, signInThroughSlider, startServer } from '../harness.mjs';

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

/** @type {{ dir: string, binary: string, env: Record<string, string>, server?: import('../harness.mjs').Server, browser?: import('playwright-core').Browser, rp?: import('node:child_process').ChildProcess, rpURL: string }} */
const w = /** @type {any} */ ({});

before(async () => {
  w.dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-sso-'));
  w.binary = process.env.BIDPASS_E2E_BINARY ?? buildBinary(w.dir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server and the commands share the database and the data directory (its development data key).
  w.env = { BIDPASS_DATABASE_URL: join(w.dir, 'sso.db'), BIDPASS_DATA_DIR: w.dir, BIDPASS_PUBLIC_URL: base };
  const cli = (/** @type {string[]} */ args) => execFileSync(w.binary, args, { env: { ...process.env, ...w.env }, stdio: 'pipe' });
  // The server makes the development data key in the data directory; the commands use it.
  w.server = await startServer({ binary: w.binary, args: ['--addr', `127.0.0.1:${port}`], env: w.env });
  assert.equal(w.server.baseURL, base);
  cli(['account', 'create', '--type', 'person', '--account', 'ssodemo1', '--password', 'Passw0rd1', '--phone', '13800009901', '--auth-state', '1', '--name', '王五']);
  const rpPort = await freePort();
  w.rpURL = `http://127.0.0.1:${rpPort}`;
  cli(['oidc', 'client', 'add', '--id', 'demo', '--name', '演示应用', '--public', '--first-party', '--redirect-uri', `${w.rpURL}/callback`]);

  const rpBin = join(w.dir, 'demorp');
  execFileSync('go', ['build', '-o', rpBin, './internal/sso/demorp'], { cwd: repoDir, stdio: 'pipe' });
  w.rp = spawn(rpBin, ['--issuer', base, '--client-id', 'demo', '--addr', `127.0.0.1:${rpPort}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('demorp did not start within 30 s')), 30_000);
    createInterface({ input: /** @type {import('node:stream').Readable} */ (w.rp?.stdout) }).on('line', (line) => {
      if (line.startsWith('demorp listening')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    w.rp?.once('exit', (code) => reject(new Error(`demorp exited (${code})`)));
  });
  w.browser = await launchBrowser();
});

after(async () => {
  await w.browser?.close();
  w.rp?.kill('SIGTERM');
  await w.server?.stop();
  if (w.dir) rmSync(w.dir, { recursive: true, force: true });
  if (w.server) assert.deepEqual(contractViolations(w.server), []);
});

test('a relying party signs a user in through the portal (password, graphic code, slider) and shows the claims', async () => {
  const server = /** @type {import('../harness.mjs').Server} */ (w.server);
  const page = await newPage(/** @type {import('playwright-core').Browser} */ (w.browser), server.baseURL, '/');
  await page.goto(`${w.rpURL}/`);
  // The provider sent the browser to the portal's login page with the request to resume.
  await page.waitForURL((u) => u.href.startsWith(`${server.baseURL}/#/?authorize_uri=`)).catch((e) => {
    throw new Error(`${e} at ${page.url()}`);
  });
  await signInThroughSlider(page, server.baseURL, 'ssodemo1', 'Passw0rd1');
  await page.waitForURL((u) => u.href.startsWith(`${w.rpURL}/callback?`));
  await page.getByText('已通过 bidpass 登录').waitFor();
  const claims = JSON.parse((await page.locator('#claims').textContent()) ?? '{}');
  assert.equal(claims.preferred_username, 'ssodemo1');
  assert.equal(claims.name, '王五');
  assert.equal(claims.auth_state, 1);
  assert.equal(claims.account_type, 'person');
  assert.match(claims.sub, /^\d+$/);
  assert.deepEqual(page.problems, []);
});

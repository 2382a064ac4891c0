// End-to-end harness: the real bidpass binary (with the built web app embedded)
// and a headless Chromium driven by playwright-core. No browser is downloaded: the
// tests use the system Chromium (Debian's /usr/bin/chromium).
//
// e2e/run.mjs is the global setup (`npm run e2e`): it builds the app and the
// binary once (BIDPASS_E2E_BINARY) and runs e2e/tests/*.test.mjs two files at a time; each file
// starts a server of its own from that binary (getServer, useOwnServer). A test file can also
// run alone (`node --test e2e/tests/shell.test.mjs`): it then builds the binary itself.
//
// Helpers for tests: useServerAndBrowser, getServer, launchBrowser, newPage, screenshot, devOutbox,
// postgresRedisChoice and postgresRedis (a server on PostgreSQL + Redis),
// api, sendSmsCode, encryptPassword, registerPerson, sessionPage, freshGraphicCode, passLoginSlider,
// signInThroughSlider; useOwnServer, cli and createAccount for files that need the operators' commands.
import { spawn, spawnSync } from 'node:child_process';
import { constants, createHmac, publicEncrypt, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
export const repoDir = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

// One data key for the whole run (docs/decisions/personal-data.md, "Data protection"): every server this harness starts and every
// operators' command (account create, admin create, ca …) reads BIDPASS_DATA_KEY from the
// environment, so a command on a server's database opens what that server sealed. Test files
// run in child processes of run.mjs and inherit it.
process.env.BIDPASS_DATA_KEY ??= randomBytes(32).toString('base64');

/**
 * Which browser to use. BIDPASS_TEST_BROWSER:
 * - unset: run when a system Chromium exists, otherwise skip;
 * - "1" (or any value that is not a path): the browser tests must run; a missing Chromium fails;
 * - "0": skip;
 * - a path: use that executable (required).
 * @param {Record<string, string | undefined>} [env]
 * @param {(path: string) => boolean} [exists]
 * @returns {{ executablePath: string | null, required: boolean, reason: string }}
 */
export function browserChoice(env = process.env, exists = existsSync) {
  const v = env.BIDPASS_TEST_BROWSER;
  if (v === '0') return { executablePath: null, required: false, reason: 'BIDPASS_TEST_BROWSER=0' };
  if (v && v.includes('/')) {
    return exists(v)
      ? { executablePath: v, required: true, reason: '' }
      : { executablePath: null, required: true, reason: `${v} not found` };
  }
  const found = SYSTEM_CHROMIUM.find((p) => exists(p)) ?? null;
  return { executablePath: found, required: Boolean(v), reason: found ? '' : 'chromium not found' };
}

/** Launch flags for a headless Chromium in a container (playwright-core manages --user-data-dir itself). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * run runs a command and throws with its output when it fails.
 * @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [opts]
 */
function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  }
}

/**
 * buildBinary builds the web app (unless BIDPASS_E2E_SKIP_WEB_BUILD=1) into web/dist, which
 * the binary embeds, then the binary itself into dir; returns the binary's path. The binary
 * is built with -tags contractcheck: it checks every API exchange against api/openapi.yaml
 * and logs "contract violation" for each mismatch (run.mjs fails on one).
 * @param {string} dir
 */
export function buildBinary(dir) {
  if (process.env.BIDPASS_E2E_SKIP_WEB_BUILD !== '1') {
    run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir });
  }
  const bin = join(dir, 'bidpass');
  run('go', ['build', '-tags', 'contractcheck', '-o', bin, './cmd/bidpass'], { cwd: repoDir });
  return bin;
}

/**
 * @typedef {object} Server
 * @property {string} baseURL  e.g. http://127.0.0.1:41234
 * @property {() => string} output  what the server printed so far (for failure messages)
 * @property {() => Promise<void>} stop
 */

/**
 * startServer starts `bidpass serve --dev --addr 127.0.0.1:0` with a fresh data directory,
 * learns its address from the line `bidpass listening on http://…` and waits for /healthz.
 * @param {{ binary: string, args?: string[], env?: Record<string, string> }} o
 * @returns {Promise<Server>}
 */
export async function startServer({ binary, args = [], env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-data-'));
  const child = spawn(binary, ['serve', '--dev', '--addr', '127.0.0.1:0', ...args], {
    env: { ...process.env, BIDPASS_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (b) => (log += String(b)));
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async () => {
    if (!exited) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    // run.mjs prints every server's output when the run fails.
    const logDir = process.env.BIDPASS_E2E_LOG_DIR;
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      writeFileSync(join(logDir, `${basename(process.argv[1] ?? 'server')}-${child.pid}.log`), log);
    }
  };

  const baseURL = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bidpass did not print its address within 30 s:\n${log}`)), 30_000);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      log += `${line}\n`;
      const m = /^bidpass listening on (http:\/\/\S+)$/.exec(line.trim());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bidpass exited (code ${code}) before listening:\n${log}`));
    });
  }).catch(async (e) => {
    await stop();
    throw e;
  });

  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const r = await fetch(`${baseURL}/healthz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${baseURL}/healthz did not answer 200 within 15 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL: String(baseURL), output: () => log, stop };
}

/**
 * postgresRedisChoice says whether a test server can run on PostgreSQL + Redis:
 * BIDPASS_E2E_POSTGRES (a server URL whose user may create databases) and BIDPASS_E2E_REDIS
 * (redis://host:port/db), each defaulting to the Go tests' BIDPASS_TEST_POSTGRES and
 * BIDPASS_TEST_REDIS (.ci/run sets those). Without them the tests that need it skip, unless
 * CI=1: there a missing one is a failure (required), so CI never passes by skipping.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ postgres: string, redis: string, required: boolean, reason: string }}
 */
export function postgresRedisChoice(env = process.env) {
  const postgres = env.BIDPASS_E2E_POSTGRES || env.BIDPASS_TEST_POSTGRES || '';
  const redis = env.BIDPASS_E2E_REDIS || env.BIDPASS_TEST_REDIS || '';
  const missing = [!postgres && 'BIDPASS_E2E_POSTGRES (or BIDPASS_TEST_POSTGRES)', !redis && 'BIDPASS_E2E_REDIS (or BIDPASS_TEST_REDIS)'].filter(Boolean);
  return { postgres, redis, required: env.CI === '1', reason: missing.length ? `${missing.join(' and ')} not set` : '' };
}

/**
 * postgresRedis makes what a server on PostgreSQL + Redis needs: a fresh database (created with
 * psql on the server of postgresRedisChoice, dropped by drop) and the Redis database emptied
 * (the binary's keys carry no per-run prefix, so tests that share one run one after another, as
 * the Go tests that open whole applications do). env is for startServer and the commands.
 * @param {{ postgres: string, redis: string }} choice
 * @returns {{ env: Record<string, string>, drop: () => void }}
 */
export function postgresRedis({ postgres, redis }) {
  const name = `bidpass_e2e_${randomBytes(6).toString('hex')}`;
  run('psql', [postgres, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE ${name}`]);
  run('redis-cli', ['-u', redis, 'FLUSHDB']);
  const u = new URL(postgres);
  u.pathname = `/${name}`;
  return {
    env: { BIDPASS_DATABASE_URL: u.toString(), BIDPASS_REDIS_URL: redis },
    drop: () => run('psql', [postgres, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  };
}

/**
 * contractViolations lists the lines where a server built with -tags contractcheck logged a
 * request or an answer api/openapi.yaml does not describe (empty when there are none).
 * @param {Server} server
 */
export function contractViolations(server) {
  return server.output().split('\n').filter((l) => l.includes('contract violation'));
}

/**
 * assertContract throws when server logged a contract violation; a test file's own server
 * calls it before stopping (run.mjs checks the shared one).
 * @param {Server} server
 */
function assertContract(server) {
  const v = contractViolations(server);
  if (v.length) throw new Error(`${v.length} contract violation(s), requests or answers api/openapi.yaml does not describe:\n${v.join('\n')}`);
}

/**
 * getServer returns the server at BIDPASS_E2E_BASE_URL when it is set (a server started by
 * hand), or starts one for this test file from BIDPASS_E2E_BINARY (run.mjs), building the
 * binary when that is not set; stop() only stops a server this call started, and fails on a
 * contract violation it logged.
 * @returns {Promise<Server>}
 */
export async function getServer() {
  const shared = process.env.BIDPASS_E2E_BASE_URL;
  if (shared) return { baseURL: shared, output: () => '', stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-bin-'));
  const binary = process.env.BIDPASS_E2E_BINARY ?? buildBinary(dir);
  const server = await startServer({ binary });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
      assertContract(server);
    },
  };
}

/** launchBrowser starts the system Chromium headless. */
export async function launchBrowser() {
  const { executablePath, reason } = browserChoice();
  if (!executablePath) throw new Error(`no browser for the e2e tests: ${reason}`);
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true });
}

/**
 * useServerAndBrowser registers the before and after hooks of a test file that runs against
 * the shared server (getServer) in one browser, and returns an object that holds both once
 * before has run; after closes the browser and stops a server the file started.
 * @returns {{ server: Server, browser: import('playwright-core').Browser }}
 */
export function useServerAndBrowser() {
  const e2e = /** @type {{ server: Server, browser: import('playwright-core').Browser }} */ ({});
  before(async () => {
    e2e.server = await getServer();
    e2e.browser = await launchBrowser();
  });
  after(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e;
}

/**
 * @typedef {object} OwnServer
 * @property {Server} server
 * @property {import('playwright-core').Browser} browser
 * @property {string} binary  the bidpass binary
 * @property {string} dbFile  the SQLite file the server uses
 * @property {string} dir     this file's temporary directory (binary, database, command data)
 */

/**
 * useOwnServer is useServerAndBrowser for a test file that needs the operators' commands
 * (`bidpass account create`, `bidpass admin create`, see cli): it starts a server of its own
 * on a SQLite file it knows, so the commands write to the database the server reads.
 * beforeStart runs when the binary and the database are known, before the server starts;
 * after closes the browser, stops the server and removes the directory.
 * @param {string} name a short name for the directory and the database file
 * @param {{ beforeStart?: (own: OwnServer) => void }} [o]
 * @returns {OwnServer} filled in once before has run
 */
export function useOwnServer(name, o = {}) {
  const own = /** @type {OwnServer} */ ({});
  before(async () => {
    own.dir = mkdtempSync(join(tmpdir(), `bidpass-e2e-${name}-`));
    own.binary = process.env.BIDPASS_E2E_BINARY ?? buildBinary(own.dir);
    own.dbFile = join(own.dir, `${name}.db`);
    o.beforeStart?.(own);
    own.server = await startServer({ binary: own.binary, env: { BIDPASS_DATABASE_URL: own.dbFile } });
    own.browser = await launchBrowser();
  });
  after(async () => {
    await own.browser?.close();
    await own.server?.stop();
    if (own.dir) rmSync(own.dir, { recursive: true, force: true });
    if (own.server) assertContract(own.server);
  });
  return own;
}

/**
 * cli runs a subcommand of the binary on the database of useOwnServer and throws with its
 * output when it fails.
 * @param {OwnServer} own @param {string[]} args
 */
export function cli(own, args) {
  run(own.binary, args, { env: { ...process.env, BIDPASS_DATABASE_URL: own.dbFile, BIDPASS_DATA_DIR: own.dir } });
}

/**
 * createAccount makes a finished account (registration done, authState 0) with the
 * operators' command `bidpass account create`: no registration SMS, so the phone is free of
 * the 120 s cooldown for the codes a test needs next. Returns what it was given.
 * @param {OwnServer} own
 * @param {{ account: string, password: string, phone: string, type?: 'person' | 'enterprise' }} a
 */
export function createAccount(own, { account, password, phone, type = 'person' }) {
  cli(own, ['account', 'create', '--type', type, '--account', account, '--password', password, '--phone', phone]);
  return { account, password, phone };
}

/**
 * @typedef {import('playwright-core').Page & { problems: string[], checked: number, expected: Array<(problem: string) => boolean>, expectProblems: (accept: (problem: string) => boolean) => void }} TestPage
 * A page that records uncaught exceptions and console errors (CSP violations among them) in `problems`.
 * After every test the harness fails the test on any of them it has not seen before (watch), except
 * the browser's own line for a 4xx answer and what the test declared with `expectProblems`.
 */

/** @type {TestPage[]} every page watched in this test file */
const watched = [];

/**
 * A 4xx answer is a refusal the app expects and shows (a wrong password, a spent code, a page of
 * the other account kind); Chromium logs every one as a console error. A 5xx is never expected.
 */
const handledRefusal = /Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * watch records a page's uncaught exceptions and console errors in `problems` and puts it under
 * the check that runs after each test of the file: no e2e test passes with a page error or a
 * console error (docs/decisions/usability.md, "A careful user's findings (behaviour items)"), whether or not the test looks at `problems` itself.
 * @param {import('playwright-core').Page} p
 * @returns {TestPage}
 */
export function watch(p) {
  const page = /** @type {TestPage} */ (p);
  page.problems = [];
  page.checked = 0;
  page.expected = [];
  page.expectProblems = (accept) => void page.expected.push(accept);
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A failed load names no address in its text; its location is the resource, which says
    // which call was refused.
    if (m.type() === 'error') page.problems.push(`console: ${m.text()}${m.text().startsWith('Failed to load resource') ? ` (${m.location().url})` : ''}`);
  });
  trackRequests(page);
  watched.push(page);
  return page;
}

afterEach(() => {
  const found = watched.flatMap((page) => {
    const fresh = page.problems.slice(page.checked);
    page.checked = page.problems.length;
    return fresh.filter((p) => !handledRefusal.test(p) && !page.expected.some((accept) => accept(p)));
  });
  if (found.length) {
    throw new Error(`page errors or console errors during the test (a test that provokes one on purpose declares it with page.expectProblems):\n${found.join('\n')}`);
  }
});

/**
 * @typedef {{ open: Set<import('playwright-core').Request>, seen: Array<{ url: string, at: number }> }} Traffic
 * open: the requests in flight; seen: when a request started or ended, newest last (the last 200).
 */
/** @type {WeakMap<import('playwright-core').Page, Traffic>} */
const traffic = new WeakMap();

/**
 * trackRequests keeps page's requests in flight and when each started and ended, for
 * networkQuiet (watch calls it for every TestPage, before its first request).
 * @param {import('playwright-core').Page} page
 */
function trackRequests(page) {
  /** @type {Traffic} */
  const t = { open: new Set(), seen: [] };
  traffic.set(page, t);
  const note = (/** @type {import('playwright-core').Request} */ r) => {
    t.seen.push({ url: r.url(), at: Date.now() });
    if (t.seen.length > 200) t.seen.shift();
  };
  page.on('request', (r) => {
    const from = r.redirectedFrom();
    if (from) t.open.delete(from);
    t.open.add(r);
    note(r);
  });
  const done = (/** @type {import('playwright-core').Request} */ r) => {
    t.open.delete(r);
    note(r);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** apiRequest matches the URL of a request to the JSON API (for networkQuiet's only). */
export const apiRequest = /^https?:\/\/[^/]+\/api\//;

/**
 * networkQuiet waits until page has had no request in flight for quietMs in a row, counted from
 * the call at the earliest: every request, or those whose URL matches `only`. Unlike
 * waitForLoadState('networkidle'), which fires once per document and so returns at once after a
 * hash route change of the app, it looks at the requests of now (the route's page chunk and its
 * data after page.goto('#/…')). A page not made by watch (newPage, sessionPage and signedIn
 * make watched pages) falls back to 'networkidle'.
 * @param {import('playwright-core').Page} page
 * @param {{ quietMs?: number, only?: RegExp, timeout?: number }} [o] quietMs: 500, as
 *   networkidle; timeout: 30 s
 */
export async function networkQuiet(page, { quietMs = 500, only, timeout = 30_000 } = {}) {
  const t = traffic.get(page);
  if (!t) return page.waitForLoadState('networkidle');
  const matches = (/** @type {string} */ url) => !only || only.test(url);
  const from = Date.now();
  const deadline = from + timeout;
  for (;;) {
    const open = [...t.open].filter((r) => matches(r.url()));
    // Counted from the call at the earliest: a request the last action causes may start a moment later.
    const last = Math.max(from, t.seen.findLast((e) => matches(e.url))?.at ?? 0);
    const since = Date.now() - last;
    if (open.length === 0 && since >= quietMs) return;
    if (Date.now() > deadline) {
      throw new Error(`networkQuiet: no quiet ${quietMs} ms within ${timeout} ms; in flight: ${open.map((r) => r.url()).join(', ') || 'none, but new ones kept starting'}`);
    }
    await new Promise((r) => setTimeout(r, open.length ? 25 : Math.max(25, quietMs - since)));
  }
}

/**
 * newPage opens a zh-CN page of 1280×800 at `#${route}` and waits for the app to render.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {string} [route] a hash route such as "/" or "/dev/outbox"
 * @param {{ viewport?: { width: number, height: number }, timeout?: number, clock?: boolean }} [opts] timeout: the page's
 *   default (10 s); clock: the page's clock is Playwright's, running on its own until a test moves it on (page.clock)
 * @returns {Promise<TestPage>}
 */
export async function newPage(browser, baseURL, route = '/', opts = {}) {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  if (opts.clock) await context.clock.install();
  const page = watch(await context.newPage());
  page.setDefaultTimeout(opts.timeout ?? 10_000);
  await page.goto(`${baseURL}/#${route}`);
  await page.locator('#root > *').first().waitFor();
  // On the login route the prerendered copy (docs/decisions/frontend-load.md, "Front-end load") is shown until the app's page has
  // mounted and taken it over: tests act on the app's page, not on the copy (its links and
  // fields are inert, and the two would be found twice).
  await page.waitForFunction(() => !document.getElementById('prerendered'));
  return page;
}

/**
 * screenshot saves a full-page PNG to web/e2e/screenshots/<name>.png and returns its path.
 * @param {import('playwright-core').Page} page @param {string} name
 */
export async function screenshot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await axeCheck(page, name);
  return path;
}

/** The WCAG tags every page is checked with (docs/accessibility.md, "How the checks run"). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axeExceptions are the rules switched off where docs/accessibility.md ("Exceptions") says why;
 * empty means none.
 * @type {string[]}
 */
const axeExceptions = [];

/**
 * axeCheck runs axe-core with the WCAG 2.2 AA tags on page as it is now and throws on any
 * violation, naming the rule, the elements and how to fix it. screenshot calls it, so every state
 * a test takes a picture of (dialogs open, errors shown, both account kinds) is checked: a new page
 * is checked as soon as a test looks at it; e2e/tests/a11y.test.mjs visits every route besides.
 * axe-core is injected by the test, never part of the app. BIDPASS_AXE_COLLECT=<file> appends the
 * findings to file as JSON lines instead of throwing (to survey a run).
 * @param {import('playwright-core').Page} page @param {string} name the state, for the message
 */
export async function axeCheck(page, name) {
  const found = await axeFindings(page);
  if (found.length === 0) return;
  const collect = process.env.BIDPASS_AXE_COLLECT;
  if (collect) {
    appendFileSync(collect, `${JSON.stringify({ name, url: page.url(), found })}\n`);
    return;
  }
  throw new Error(axeReport(name, page.url(), found));
}

/**
 * @typedef {{ id: string, impact: string | null | undefined, help: string, nodes: string[] }} AxeFinding
 * a rule axe found broken, with (up to six of) the elements and what to fix in each
 */

/**
 * axeFindings runs axe-core (axeTags) on page once its animations are done, and returns what it found.
 * @param {import('playwright-core').Page} page @returns {Promise<AxeFinding[]>}
 */
export async function axeFindings(page) {
  // The state as shown: no dialog halfway through opening (its colours are not yet final).
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    for (let i = 0; i < 60 && document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getTiming().iterations)); i++) await frame();
  });
  const { violations } = await new AxeBuilder({ page }).withTags(axeTags).disableRules(axeExceptions).analyze();
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 300)}`),
  }));
}

/**
 * axeReport is the message for findings at a state.
 * @param {string} name @param {string} url @param {AxeFinding[]} found
 */
export function axeReport(name, url, found) {
  const text = found.map((f) => `- ${f.id} (${f.impact}): ${f.help}\n    ${f.nodes.join('\n    ')}`).join('\n');
  return `axe: ${found.length} WCAG 2.2 AA violation(s) at ${name} (${url}):\n${text}`;
}

/**
 * devOutbox reads the development outbox (SMS and e-mail codes), newest first.
 * @param {string} baseURL
 * @returns {Promise<Array<{channel: string, to: string, scene: string, text: string, code: string, at: string}>>}
 */
export async function devOutbox(baseURL) {
  const r = await fetch(`${baseURL}/api/dev/outbox`);
  const body = /** @type {{code: number, data: any}} */ (await r.json());
  if (body.code !== 0) throw new Error(`GET /api/dev/outbox: ${JSON.stringify(body)}`);
  return body.data ?? [];
}

/**
 * graphicAnswer is the answer of graphic code id (the development endpoint says it).
 * @param {string} baseURL @param {string} id @returns {Promise<string>}
 */
export async function graphicAnswer(baseURL, id) {
  const r = await (await fetch(`${baseURL}/api/dev/verifycode/${id}`)).json();
  if (r.code !== 0) throw new Error(`GET /api/dev/verifycode: ${JSON.stringify(r)}`);
  return r.data.code;
}

/**
 * shownCode is the id of the graphic code scope shows (its picture's data-code-id), once it is
 * one other than `previous`: the page replaces a code the server used up. Read from the page, not
 * from its responses: a listener attached after the page was opened missed a first code that came
 * back before it (the login and registration pages ask for it early).
 * @param {import('playwright-core').Page | import('playwright-core').Locator} scope @param {string} [previous]
 * @returns {Promise<string>}
 */
export async function shownCode(scope, previous = '') {
  const img = scope.locator('[data-testid="graphic-code"] img[data-code-id]').first();
  // Up to 20 s: the page's first picture once took over 5 s with another test file's browser
  // beside this one (run.mjs runs two at a time) on a loaded 2-core machine.
  for (let i = 0; i < 400; i++) {
    const id = (await img.count()) ? await img.getAttribute('data-code-id') : null;
    if (id && id !== previous) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no new graphic code (still ${previous || 'none'})`);
}

/**
 * smsCodeFor waits for the SMS code of scene sent to phone in the development outbox.
 * @param {string} baseURL @param {string} phone @param {string} scene @returns {Promise<string>}
 */
export async function smsCodeFor(baseURL, phone, scene) {
  for (let i = 0; i < 50; i++) {
    const m = (await devOutbox(baseURL)).find((/** @type {any} */ x) => x.to === phone && x.scene === scene);
    if (m) return m.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${scene} code for ${phone}`);
}

/** ApiCallError is a failed api() call; status is the HTTP status. */
export class ApiCallError extends Error {
  /** @param {string} message @param {number} status @param {unknown} body */
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * api calls the JSON API directly (to prepare data for a browser test) and returns the
 * envelope's data; a failure throws ApiCallError.
 * @param {string} baseURL @param {string} method @param {string} path
 * @param {{ body?: unknown, token?: string }} [o]
 * @returns {Promise<any>}
 */
export async function api(baseURL, method, path, o = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  const r = await fetch(baseURL + path, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await r.text();
  /** @type {any} */
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (!r.ok || body?.code !== 0) throw new ApiCallError(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`, r.status, body);
  return body.data;
}

/**
 * sendSmsCode has the dev server send an SMS code to phone for scene, solving the graphic
 * code through /api/dev/verifycode; the code lands in the outbox (see devOutbox).
 * @param {string} baseURL @param {string} phone @param {string} [scene]
 */
export async function sendSmsCode(baseURL, phone, scene = 'register') {
  const graphic = await api(baseURL, 'POST', '/api/auth/verifycode');
  const { code } = await api(baseURL, 'GET', `/api/dev/verifycode/${graphic.id}`);
  return api(baseURL, 'POST', '/api/common/sms/send', {
    body: { phone, scene, codeId: graphic.id, verificationCode: code },
  });
}

/**
 * encryptPassword is the password transport of docs/spec/DECISIONS.md as the browser does it
 * (RSA-OAEP-SHA256 over {password, ts, nonce} with the server's current key).
 * @param {string} baseURL @param {string} password
 * @returns {Promise<{password: string, keyId: string}>}
 */
export async function encryptPassword(baseURL, password) {
  const { pubkey, keyId } = await api(baseURL, 'GET', '/api/auth/pubkey');
  const plain = Buffer.from(JSON.stringify({ password, ts: Date.now(), nonce: randomBytes(16).toString('hex') }));
  const c = publicEncrypt({ key: pubkey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, plain);
  return { password: c.toString('base64'), keyId };
}

/**
 * @typedef {object} PersonSession
 * @property {string} token  the portal session (accessToken) registration returned
 * @property {number} id
 * @property {string} account
 * @property {string} phone
 * @property {string} password
 */

/**
 * registerPerson registers a person through the public API, as the registration wizard does:
 * the register SMS (solving the graphic code through the dev endpoints), the account with
 * the encrypted password, then the real-name information. Without `manual` the person did
 * not choose manual verification: authState 0 and registration finished (docs/spec/DECISIONS.md);
 * with `manual` the last step (POST /api/register/person/realAuth with the photos) is left
 * to the caller. The final submit carries no graphic code: the SMS send used it up, and the
 * server does not ask for another. Each phone may receive one register SMS per 120 s.
 * @param {string} baseURL
 * @param {{ account: string, phone: string, password?: string, manual?: boolean }} o
 * @returns {Promise<PersonSession>}
 */
export async function registerPerson(baseURL, { account, phone, password = 'Passw0rd1', manual = false }) {
  const smsCodeId = await sendSmsCode(baseURL, phone, 'register');
  const sms = (await devOutbox(baseURL)).find((m) => m.to === phone && m.scene === 'register');
  if (!sms) throw new Error(`no register SMS to ${phone} in the outbox`);
  const enc = await encryptPassword(baseURL, password);
  const reg = await api(baseURL, 'POST', '/api/register/account', {
    body: { account, phone, ...enc, smsCode: sms.code, smsCodeId, isAgree: true },
  });
  await api(baseURL, 'POST', '/api/register/person/realInfo', {
    token: reg.accessToken,
    body: {
      realName: '张三', certType: '1', certNum: '11010519491231002X', certStart: '2020-01-01', certEnd: '2040-01-01',
      province: '110000', city: '110105', area: '', certDetailAddr: '北京市朝阳区建国路1号', checkType: manual,
    },
  });
  return { token: reg.accessToken, id: reg.id, account, phone, password };
}

/**
 * sessionPage opens a portal route already signed in as s: it stores the session the way
 * the sign-in page does (token, userId, userName, userType, registerProcess) and navigates.
 * Use it where signing in is not what the test is about; signInThroughSlider signs in as a user.
 * @param {import('playwright-core').Browser} browser @param {string} baseURL
 * @param {{ token: string, id: number, account: string }} s
 * @param {string} route a hash route @param {'1' | '2'} [userType] 1 person, 2 enterprise
 * @returns {Promise<TestPage>}
 */
export async function sessionPage(browser, baseURL, s, route, userType = '1') {
  const page = await newPage(browser, baseURL, '/');
  await page.evaluate(({ s, userType }) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userId', String(s.id));
    localStorage.setItem('userName', s.account);
    localStorage.setItem('userType', userType);
    localStorage.setItem('registerProcess', '0');
  }, { s: { token: s.token, id: s.id, account: s.account }, userType });
  await page.goto(`${baseURL}/#${route}`);
  return page;
}

/**
 * freshGraphicCode clicks the graphic code picture (inside scope, default the whole page: pass a
 * locator when the page shows several), waits until the new picture is shown and returns its
 * text (read from GET /api/dev/verifycode/{id}).
 * @param {import('playwright-core').Page} page @param {string} baseURL
 * @param {import('playwright-core').Page | import('playwright-core').Locator} [scope]
 */
export async function freshGraphicCode(page, baseURL, scope = page) {
  // Wait for the picture the page loaded first, then click for a new one and wait until
  // the picture in this scope names another code: a page can hold several graphic codes
  // (the account-security cards), so a response alone does not say which one it fed.
  // No API request in flight or just done: not one for a picture the page asked for first.
  // (Only the API's: the chunks the page preloads when idle change no picture.)
  const img = scope.getByAltText('图形验证码');
  await img.waitFor();
  await networkQuiet(page, { only: apiRequest, quietMs: 300 });
  const before = await img.getAttribute('data-code-id');
  await scope.getByTestId('graphic-code').click();
  let id = before;
  for (let i = 0; id === before; i++) {
    if (i > 200) throw new Error('the new graphic code was not shown');
    await page.waitForTimeout(50);
    id = await img.getAttribute('data-code-id');
  }
  const ans = await (await fetch(`${baseURL}/api/dev/verifycode/${id}`)).json();
  return ans.data.code;
}

/**
 * passLoginSlider clicks the sign-in button (the portal's by default; the staff console
 * passes its own) and drags the real slider of the pop-up to the answer given by
 * GET /api/dev/captcha/{token}.
 * @param {import('playwright-core').Page} page @param {string} baseURL
 * @param {import('playwright-core').Locator} [submit]
 */
export async function passLoginSlider(page, baseURL, submit = page.getByTestId('login-submit')) {
  const got = page.waitForResponse((r) => r.url().endsWith('/captcha/get'));
  await submit.click();
  await page.getByText('请完成安全验证').waitFor();
  const body = await (await got).json();
  const ans = await (await fetch(`${baseURL}/api/dev/captcha/${body.repData.token}`)).json();
  const x = JSON.parse(ans.data.pointJson).x;
  const handle = page.getByRole('dialog').getByTestId('slider-handle');
  await page.getByRole('dialog').getByTestId('captcha-piece').waitFor();
  // The pop-up zooms in: wait until the handle stops moving before grabbing it.
  let box = await handle.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const next = await handle.boundingBox();
    if (box && next && next.x === box.x && next.y === box.y && next.width === box.width) break;
    box = next;
  }
  if (!box) throw new Error('slider handle not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 + (x * i) / 8, box.y + box.height / 2);
  await page.mouse.up();
}

/**
 * signInThroughSlider signs in on the login page the way a user does: account, password,
 * the graphic code, then the slider. It opens the login page (#/) first unless the page
 * already shows it; it does not wait for the landing page (the caller asserts where it goes).
 * @param {import('playwright-core').Page} page @param {string} baseURL
 * @param {string} account @param {string} password
 */
export async function signInThroughSlider(page, baseURL, account, password) {
  if ((await page.getByTestId('login-submit').count()) === 0) {
    await page.goto(`${baseURL}/#/`);
  }
  await page.getByAltText('图形验证码').waitFor();
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(await freshGraphicCode(page, baseURL));
  await passLoginSlider(page, baseURL);
}

/** base32 decodes RFC 4648 base32 (no padding), the secret's spelling in authenticator apps. @param {string} s */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totpStep is the current RFC 6238 time step (30 s). */
export function totpStep() {
  return Math.floor(Date.now() / 30000);
}

/**
 * totp is RFC 6238's code (SHA-1, 6 digits, 30 s) of secret at the time step `steps` from now, as an
 * authenticator app computes it. @param {string} secret @param {number} steps
 */
export function totp(secret, steps = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(totpStep() + steps));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const off = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * staffFactors are the authenticators the tests' staff members enrolled, by server and account: the secret, the
 * recovery codes left and the last time step whose code was used (a code is accepted once, so a second sign-in in
 * the same 30 s uses a recovery code, as a person would wait or reach for the sheet).
 * @type {Map<string, { secret: string, recovery: string[], lastStep: number }>}
 */
const staffFactors = new Map();

/** staffFactor is what the tests know of a member's authenticator (undefined before the enrolment). @param {string} baseURL @param {string} name */
export function staffFactor(baseURL, name) {
  return staffFactors.get(`${baseURL} ${name.toLowerCase()}`);
}

/** forgetStaffFactor drops a member's authenticator (after an administrator's reset). @param {string} baseURL @param {string} name */
export function forgetStaffFactor(baseURL, name) {
  staffFactors.delete(`${baseURL} ${name.toLowerCase()}`);
}

/**
 * signInStaff signs a staff member in at #/admin with the real graphic code and slider, then the second factor:
 * the enrolment at the member's first sign-in (scanning means reading the secret the page shows), the 动态口令
 * afterwards (docs/decisions/second-factor.md, "Staff enrol at the first sign-in"). A new picture is fetched by a
 * click, so its code is known for certain whatever the page loaded first (reading the first picture raced with a
 * second fetch and flaked). `shots` names screenshots of the steps (the new-factor test looks at them).
 * @param {import('playwright-core').Page} page @param {string} baseURL @param {string} name @param {string} password
 * @param {{ shots?: string }} [opts]
 */
export async function signInStaff(page, baseURL, name, password, opts = {}) {
  await page.goto(`${baseURL}/#/admin`);
  await page.getByTestId('graphic-code').locator('img').waitFor();
  const code = await freshGraphicCode(page, baseURL);
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入图形验证码').fill(code);
  await screenshot(page, 'admin-signin');
  await passLoginSlider(page, baseURL, page.getByRole('button', { name: '登 录' }));
  await passStaffSecondFactor(page, baseURL, name, opts);
}

/**
 * passStaffSecondFactor finishes a console sign-in after its right password: the enrolment at the member's first
 * sign-in, the 动态口令 (or a recovery code) afterwards, until the console opens. With `keys` the code is typed
 * into the focused field and sent with Enter, as a keyboard-only test needs (the member must have a factor).
 * @param {import('playwright-core').Page} page @param {string} baseURL @param {string} name
 * @param {{ shots?: string, keys?: boolean }} [opts]
 */
export async function passStaffSecondFactor(page, baseURL, name, opts = {}) {
  try {
    const enrol = page.getByTestId('totp-qr');
    const second = page.getByTestId('staff-second-step');
    await enrol.or(second).waitFor();
    const key = `${baseURL} ${name.toLowerCase()}`;
    if (await enrol.isVisible()) {
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      if (opts.shots) await screenshot(page, `${opts.shots}-enrol`);
      await page.getByTestId('staff-enrol-code').fill(totp(secret));
      await page.getByTestId('staff-enrol-submit').click();
      await page.getByTestId('recovery-codes').waitFor();
      const recovery = await page.getByTestId('recovery-codes').locator('code').allInnerTexts();
      staffFactors.set(key, { secret, recovery, lastStep: totpStep() });
      if (opts.shots) await screenshot(page, `${opts.shots}-codes`);
      await page.getByTestId('recovery-done').click();
    } else {
      const f = staffFactors.get(key);
      if (!f) throw new Error(`signInStaff: ${name} has a 动态口令 these tests did not enrol`);
      if (opts.shots) await screenshot(page, `${opts.shots}-second-step`);
      const now = totpStep();
      const c = now === f.lastStep ? f.recovery.shift() : totp(f.secret);
      if (!c) throw new Error(`signInStaff: ${name} has no recovery code left for a second sign-in in one time step`);
      f.lastStep = now;
      const field = page.getByTestId('staff-second-step-code');
      if (opts.keys) {
        await field.and(page.locator(':focus')).waitFor();
        await page.keyboard.type(c);
        await page.keyboard.press('Enter');
      } else {
        await field.fill(c);
        await page.getByTestId('staff-second-step-submit').click();
      }
    }
    await page.getByTestId('admin-who').waitFor();
  } catch (e) {
    await screenshot(page, `admin-signin-failed-${name}`);
    throw e;
  }
}

/**
 * clickSettled clicks a button of an antd dialog or popover once the dialog has finished opening.
 * antd zooms a dialog in from the pointer (0.3 s): Playwright can find the button stable in the
 * frame before the zoom starts and send its click to where the button was, which by then is the
 * dialog's wrap, and the click does nothing. A 确 定 lost that way left a decision unsent in about
 * one console run in ten (docs/decisions/frontend-load.md, "Front-end load", eighth session). A person clicks where the button is.
 * @param {import('playwright-core').Locator} button
 */
export async function clickSettled(button) {
  await button.waitFor();
  await button.evaluate(async (el) => {
    const box = el.closest('.ant-modal, .ant-popover') ?? el;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    const opening = () => /-(enter|appear)(-|\s|$)/.test(box.className) || box.getAnimations().some((a) => a.playState === 'running');
    for (let i = 0; i < 120 && opening(); i++) await frame();
  });
  await button.click();
}

/**
 * keyboardOnly makes page count every pointer, mouse and touch event the page receives (from
 * its first document on), for a test that does a flow with page.keyboard alone: pointerEvents
 * then tells how many arrived (0 in such a test: nothing was clicked, dragged or hovered).
 * Call it before the page's first navigation.
 * @param {import('playwright-core').Page} page
 */
export async function keyboardOnly(page) {
  await page.addInitScript(() => {
    /** @type {string[]} */
    const seen = [];
    Object.defineProperty(window, '__pointerEvents', { value: seen });
    for (const type of ['pointerdown', 'pointerup', 'pointermove', 'mousedown', 'mouseup', 'mousemove', 'touchstart', 'wheel']) {
      window.addEventListener(type, (e) => seen.push(`${type} on ${/** @type {Element} */ (e.target)?.tagName ?? '?'}`), { capture: true, passive: true });
    }
  });
}

/**
 * pointerEvents returns the pointer, mouse and touch events the page saw since keyboardOnly
 * (of the document now loaded).
 * @param {import('playwright-core').Page} page @returns {Promise<string[]>}
 */
export function pointerEvents(page) {
  return page.evaluate(() => /** @type {any} */ (window).__pointerEvents ?? ['keyboardOnly was not installed']);
}

/**
 * tabTo presses Tab (or Shift+Tab with back) until the focused element matches the CSS
 * selector (and, with text, reads text without spaces: antd spaces two-character button labels),
 * as a keyboard user moves through a page; throws after max presses.
 * @param {import('playwright-core').Page} page @param {string} selector
 * @param {{ back?: boolean, max?: number, text?: string }} [o]
 */
export async function tabTo(page, selector, o = {}) {
  for (let i = 0; i < (o.max ?? 60); i++) {
    await page.keyboard.press(o.back ? 'Shift+Tab' : 'Tab');
    const at = await page.evaluate(
      ({ sel, text }) => {
        const el = document.activeElement;
        return !!el?.matches(sel) && (text === undefined || el.textContent?.replace(/\s/g, '') === text);
      },
      { sel: selector, text: o.text },
    );
    if (at) return;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`tabTo: ${selector} not reached by Tab; the focus is on ${at}`);
}

/**
 * signInByKeys signs in on the sign-in form shown (the portal's login page or the staff console's)
 * with the keyboard alone: the name and password typed, 换一张 pressed for a picture whose code the
 * test knows, the code typed, the slider moved by keys; it returns once the slider said it passed.
 * @param {import('playwright-core').Page} page @param {string} baseURL
 * @param {string} account @param {string} password
 */
export async function signInByKeys(page, baseURL, account, password) {
  await tabTo(page, '#userName');
  await page.keyboard.type(account);
  await tabTo(page, '#password');
  await page.keyboard.type(password);
  // 换一张 gives a picture whose code the test can know for certain (the dev endpoint answers it).
  await tabTo(page, '[data-testid="graphic-code-refresh"]');
  const shown = await page.getByAltText('图形验证码').getAttribute('data-code-id');
  await page.keyboard.press('Enter');
  await page.waitForFunction((old) => {
    const id = document.querySelector('img[alt="图形验证码"]')?.getAttribute('data-code-id');
    return id && id !== old;
  }, shown);
  const id = await page.getByAltText('图形验证码').getAttribute('data-code-id');
  const code = await graphicAnswer(baseURL, id ?? '');
  await tabTo(page, '#graphicCode', { back: true });
  await page.keyboard.type(code);

  // Enter in the form opens the slider; its handle has the focus.
  const got = page.waitForResponse((r) => r.url().endsWith('/captcha/get'));
  await page.keyboard.press('Enter');
  const body = await (await got).json();
  const ans = await (await fetch(`${baseURL}/api/dev/captcha/${body.repData.token}`)).json();
  const { x } = JSON.parse(ans.data.pointJson);
  await page.getByRole('dialog').getByTestId('captcha-piece').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'slider');
  await moveSliderByKeys(page, x);
  await page.getByRole('dialog').getByText(/s验证成功$/).waitFor();
}

/**
 * moveSliderByKeys moves the focused slider of a captcha to x (CSS pixels from its left end, as
 * GET /api/dev/captcha answers for the 310-wide widget) with Home, PageUp (20 px) and the right
 * arrow (2 px), as a keyboard user does, and presses Enter to submit.
 * @param {import('playwright-core').Page} page @param {number} x
 */
export async function moveSliderByKeys(page, x) {
  await page.keyboard.press('Home');
  for (let i = 0; i < Math.floor(x / 20); i++) await page.keyboard.press('PageUp');
  for (let i = 0; i < Math.round((x % 20) / 2); i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
}

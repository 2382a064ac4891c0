// `make screenshots`: every route of the app, as the user it is for, at 1440×900 and 1280×720,
// into docs/screenshots/<viewport>/<name>.png, so a reviewer sees all screens at once.
// It builds the app and the binary (as the e2e setup does; BIDPASS_E2E_SKIP_WEB_BUILD=1 skips
// the web build), starts it on a fresh data directory, seeds staff and accounts with review
// items (e2e/seed.mjs) and visits each route. A path of src/shared/paths.ts that no visit
// covers fails the run, so a new route cannot be forgotten here.
// Arguments take only the visits whose name contains one of them (`node e2e/screenshots.mjs
// admin-review`, `make screenshots ONLY=admin-review`), to re-take a few after a change.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserChoice, buildBinary, launchBrowser, networkQuiet, newPage, repoDir, startServer, webDir } from './harness.mjs';
import { seedAll, seedStaff } from './seed.mjs';

export const viewports = {
  '1440x900': { width: 1440, height: 900 },
  '1280x720': { width: 1280, height: 720 },
};

/**
 * @typedef {'anonymous' | 'person' | 'plainPerson' | 'enterprise' | 'reviewer' | 'administrator'} Who
 * @typedef {{ name: string, route: string | ((s: import('./seed.mjs').Seeded) => string), who: Who }} Visit
 */

const ac = '/accountCenter';
/** @type {Visit[]} every route, as its user; names are the files' names. */
export const visits = [
  { name: 'login', route: '/', who: 'anonymous' },
  { name: 'register-legalPerson', route: '/register/legalPerson', who: 'anonymous' },
  { name: 'register-personal', route: '/register/personal', who: 'anonymous' },
  { name: 'registerFrame', route: '/registerFrame', who: 'anonymous' },
  { name: 'register-forgetPwd', route: '/register/forgetPwd', who: 'anonymous' },
  { name: 'supplyFrame', route: '/supplyFrame', who: 'anonymous' },
  { name: 'supply-findPwd', route: '/supply/findPwd', who: 'anonymous' },
  { name: 'supply-findPwd-mobileOrEmail', route: '/supply/findPwd/mobileOrEmail', who: 'anonymous' },
  { name: 'supply-findPwd-certificate', route: '/supply/findPwd/certificate', who: 'anonymous' },
  { name: 'supply-findAccount', route: '/supply/findAccount', who: 'anonymous' },
  { name: 'completeInfo-person', route: '/completeInfo', who: 'plainPerson' },
  { name: 'completeInfo-enterprise', route: '/completeInfo', who: 'enterprise' },

  { name: 'accountCenterPage-person', route: '/accountCenterPage', who: 'person' },
  { name: 'accountCenterPage-enterprise', route: '/accountCenterPage', who: 'enterprise' },
  { name: 'accountCenter', route: ac, who: 'person' },
  { name: 'essentialInformation', route: `${ac}/personal/essentialInformation`, who: 'person' },
  { name: 'editEssentialInformation', route: `${ac}/personal/editEssentialInformation`, who: 'plainPerson' },
  { name: 'personalManualAuthentication', route: `${ac}/personal/personalManualAuthentication`, who: 'plainPerson' },
  { name: 'authenticationModes-person', route: `${ac}/personal/authenticationModes`, who: 'person' },
  { name: 'authenticationModes-enterprise', route: `${ac}/personal/authenticationModes`, who: 'enterprise' },
  { name: 'accountSecurity-person', route: `${ac}/personal/accountSecurity`, who: 'person' },
  { name: 'accountSecurity-enterprise', route: `${ac}/personal/accountSecurity`, who: 'enterprise' },
  { name: 'thirdPartyAccount', route: `${ac}/personal/thirdPartyAccount`, who: 'person' },
  { name: 'legalPersonInformation', route: `${ac}/legalPerson/legalPersonInformation`, who: 'enterprise' },
  { name: 'editLegalPersonInformation', route: `${ac}/legalPerson/editLegalPersonInformation`, who: 'enterprise' },
  { name: 'legalPersonalManualAuthentication', route: `${ac}/legalPerson/legalPersonalManualAuthentication`, who: 'enterprise' },
  { name: 'enterpriseLegalPerson-person', route: `${ac}/enterpriseLegalPerson`, who: 'person' },
  { name: 'enterpriseLegalPerson-enterprise', route: `${ac}/enterpriseLegalPerson`, who: 'enterprise' },
  { name: 'modifyRecord-person', route: `${ac}/modifyRecord`, who: 'person' },
  { name: 'modifyRecord-enterprise', route: `${ac}/modifyRecord`, who: 'enterprise' },
  { name: 'CAcertificate', route: `${ac}/CAcertificate`, who: 'person' },
  { name: 'basic-CAcertificate', route: '/basic/CAcertificate', who: 'person' },
  { name: 'basic-enterpriseLegalPerson', route: '/basic/enterpriseLegalPerson', who: 'enterprise' },

  { name: 'admin-signin', route: '/admin', who: 'anonymous' },
  { name: 'admin-reviews', route: '/admin/reviews', who: 'reviewer' },
  { name: 'admin-reviews-change', route: '/admin/reviews?tab=change&state=decided', who: 'reviewer' },
  { name: 'admin-review-person', route: (s) => `/admin/reviews/${s.personItem}`, who: 'reviewer' },
  { name: 'admin-review-change', route: (s) => `/admin/reviews/${s.changeItem}`, who: 'reviewer' },
  { name: 'admin-staff', route: '/admin/staff', who: 'administrator' },
  { name: 'admin-actions', route: '/admin/actions', who: 'administrator' },
  { name: 'admin-organisations', route: '/admin/organisations', who: 'administrator' },
  // The registered OpenID Connect clients (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"); e2e/tests/sso.test.mjs shots the secret dialog.
  { name: 'admin-oidc', route: '/admin/oidc', who: 'administrator' },

  // Without an authorization request from a client: what a stray visit shows.
  { name: 'sso-consent', route: '/sso/consent', who: 'person' },

  { name: 'dev-outbox', route: '/dev/outbox', who: 'anonymous' },
  { name: 'dev-captcha', route: '/dev/captcha', who: 'anonymous' },
  { name: 'dev-api', route: '/dev/api', who: 'anonymous' },
  { name: 'error-403', route: '/error/403', who: 'anonymous' },
  { name: 'not-found', route: '/no/such/page', who: 'anonymous' },
];

/**
 * unvisited lists the paths of src/shared/paths.ts that no visit opens (the error path counts
 * once any /error/ route is visited).
 */
function unvisited() {
  const src = readFileSync(join(webDir, 'src/shared/paths.ts'), 'utf8');
  const declared = [...src.matchAll(/:\s*'(\/[^']*)'/g)].map((m) => m[1]);
  const routes = new Set(visits.map((v) => (typeof v.route === 'string' ? v.route.split('?')[0] : '')));
  return declared.filter((p) => !routes.has(p));
}

/**
 * settle waits until the page has its data: no request in flight, no skeleton or spinner, no
 * toast, and the dialogs' animations done.
 * @param {import('playwright-core').Page} page
 */
export async function settle(page) {
  // Twice: a lazy page's code arrives first (PageLoading is aria-busy), then its data.
  // networkQuiet, not waitForLoadState('networkidle'): a route change of the app (page.goto to
  // another #/…) is no new document, and networkidle, fired once for the first, returns at once.
  for (let i = 0; i < 2; i++) {
    await networkQuiet(page, { timeout: 60_000 });
    await page.waitForTimeout(300);
    for (const sel of ['[aria-busy="true"]', '.ant-skeleton', '.ant-spin-spinning', '.ant-message-notice']) {
      await page.locator(sel).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    }
  }
  await page.waitForTimeout(300);
}

/**
 * signedIn opens a page at viewport that holds who's session (the portal's keys as the sign-in
 * page stores them, or the console's staff token).
 * @param {import('playwright-core').Browser} browser @param {string} baseURL
 * @param {{ width: number, height: number }} viewport @param {Who} who
 * @param {import('./seed.mjs').Seeded} s @param {Record<string, string>} staffTokens
 */
export async function signedIn(browser, baseURL, viewport, who, s, staffTokens) {
  // A loaded machine renders a long page slowly: screenshots are not about speed.
  const page = await newPage(browser, baseURL, '/dev/outbox', { viewport, timeout: 60_000 });
  if (who === 'reviewer' || who === 'administrator') {
    await page.evaluate((t) => localStorage.setItem('adminToken', t), staffTokens[who]);
  } else if (who !== 'anonymous') {
    const u = s[who];
    await page.evaluate(
      ({ u, type }) => {
        localStorage.setItem('token', u.token);
        localStorage.setItem('userId', String(u.id));
        localStorage.setItem('userName', u.account);
        localStorage.setItem('userType', type);
        localStorage.setItem('registerProcess', '0');
      },
      { u: { token: u.token, id: u.id, account: u.account }, type: who === 'enterprise' ? '2' : '1' },
    );
  }
  return page;
}

/**
 * seededServer builds and starts a server on a fresh database with the staff and the seeded
 * accounts; stop() ends it and removes its files.
 * @param {import('playwright-core').Browser} browser
 */
export async function seededServer(browser) {
  const dir = mkdtempSync(join(tmpdir(), 'bidpass-shots-'));
  const own = { dir, binary: process.env.BIDPASS_E2E_BINARY ?? buildBinary(dir), dbFile: join(dir, 'shots.db') };
  seedStaff(own);
  const server = await startServer({ binary: own.binary, env: { BIDPASS_DATABASE_URL: own.dbFile } });
  try {
    const { seeded, staffTokens } = await seedAll(server.baseURL, browser);
    return {
      server,
      seeded,
      staffTokens,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    console.error(server.output());
    await server.stop();
    throw e;
  }
}

/**
 * chosen is the visits whose name contains one of only, or every visit when only is empty.
 * @param {string[]} only
 */
export function chosen(only) {
  const picked = only.length ? visits.filter((v) => only.some((o) => v.name.includes(o))) : visits;
  if (!picked.length) throw new Error(`screenshots: no visit is named like ${only.join(', ')}`);
  return picked;
}

async function main() {
  const missing = unvisited();
  if (missing.length) throw new Error(`screenshots: no visit for ${missing.join(', ')} (add them to visits in e2e/screenshots.mjs)`);
  const picked = chosen(process.argv.slice(2).filter((a) => a !== ''));
  if (!browserChoice().executablePath) throw new Error('screenshots need Chromium (/usr/bin/chromium)');
  const browser = await launchBrowser();
  const run = await seededServer(browser);
  /** @type {string[]} */
  const problems = [];
  try {
    for (const [vpName, viewport] of Object.entries(viewports)) {
      const out = join(repoDir, 'docs/screenshots', vpName);
      mkdirSync(out, { recursive: true });
      // One page per user and viewport, moved from route to route: loading the app afresh for
      // every route doubled the time on a loaded machine.
      /** @type {Map<Who, import('./harness.mjs').TestPage>} */
      const pages = new Map();
      for (const v of picked) {
        let page = pages.get(v.who);
        if (!page) {
          page = await signedIn(browser, run.server.baseURL, viewport, v.who, run.seeded, run.staffTokens);
          pages.set(v.who, page);
        }
        const route = typeof v.route === 'string' ? v.route : v.route(run.seeded);
        await page.goto(`${run.server.baseURL}/#${route}`);
        await settle(page);
        await page.screenshot({ path: join(out, `${v.name}.png`), fullPage: true, animations: 'disabled', timeout: 60_000 });
        for (const p of page.problems.splice(0)) problems.push(`${vpName} ${v.name}: ${p}`);
      }
      for (const page of pages.values()) await page.context().close();
      console.log(`screenshots: ${picked.length} routes at ${vpName} in docs/screenshots/${vpName}`);
    }
  } finally {
    await browser.close();
    await run.stop();
  }
  if (problems.length) console.warn(`screenshots: errors on the pages:\n${problems.join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

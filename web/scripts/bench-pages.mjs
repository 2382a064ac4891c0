// bench-pages: how fast the login page and the account centre appear in headless Chromium
// (make bench runs it through scripts/bench-web-pages.sh). Starts the given binary
// (`serve --dev`, fresh data directory) on loopback, registers one person through the API,
// then loads each page RUNS times (default 7), every time in a new browser context (cold
// cache, 1440×900), and prints the median (and range) of:
// - LCP: the Largest Contentful Paint (PerformanceObserver, buffered);
// - DCL: DOMContentLoaded of the navigation;
// - code: when the graphic code's picture has loaded (login page only);
// - ready: when the page's own content is on screen (login form / account-centre data);
// - JS gzip: the JavaScript the page loaded, gzip -9 as the server sends it (Resource Timing);
// - transfer: every byte received for the page (headers aside; Resource Timing).
// Then "after sign-in" RUNS times: a cold login page, signed in as a user does (account,
// password, graphic code, slider), timed from the sign-in answer (PUT /api/auth/authToken,
// its responseEnd) to the account centre's content on screen (the first frame showing the
// account name), with the requests made in between.
// With --against <binary>, each load of the one is followed by the same load of the other
// (two servers, one browser), and both are printed: on a shared machine a neighbour's burst
// then lands on both builds instead of on one, so two builds can be compared at all.
// On the login page, app: when the app's own page has replaced the prerendered copy.
//   node scripts/bench-pages.mjs --binary ../bin/bidpass [--against /tmp/old-bidpass] [--runs 7] [--json]
import { gzipSync } from 'node:zlib';
import { launchBrowser, registerPerson, signInThroughSlider, startServer } from '../e2e/harness.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const binary = arg('--binary', '../bin/bidpass');
const runs = Number(arg('--runs', '7'));

/**
 * measure loads route in a fresh context and returns its figures. ready is a selector whose
 * appearance means the page shows its content; session, when given, is stored first (as the
 * sign-in page does) through an init script, so the page loads signed in.
 * @param {import('playwright-core').Browser} browser @param {string} baseURL
 * @param {{ route: string, ready: string, session?: Record<string, string>, code?: boolean, checkBytes?: boolean }} o
 */
async function measure(browser, baseURL, o) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (o.session) {
    await context.addInitScript((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, o.session);
  }
  // The LCP observer is registered before any of the page's own script runs.
  await context.addInitScript(() => {
    /** @type {any} */ (window).__lcp = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) /** @type {any} */ (window).__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The graphic code the server wrote into the login page marks itself (elementtiming): when it was painted.
    new PerformanceObserver((l) => {
      for (const e of /** @type {any[]} */ (l.getEntries())) if (e.identifier === 'graphic-code') /** @type {any} */ (window).__codePaint ??= e.renderTime || e.loadTime;
    }).observe({ type: 'element', buffered: true });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  // JS gzip bytes: read from Resource Timing after the load (encodedBodySize, the gzip -9 bytes
  // the server sends). Taking each script's body through the DevTools protocol and gzipping it
  // in Node while the page loads (as this bench did up to the sixth session) put the browser
  // process and a core to work during the load it measures: on a slow 2-core VM it moved the
  // login page's first paint by ~200 ms. The untimed warm-up load still does it, once, to check
  // that the two figures agree (o.checkBytes).
  let jsGzip = 0;
  const bodies = [];
  if (o.checkBytes) {
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') bodies.push(r.body().then((b) => (jsGzip += gzipSync(b, { level: 9 }).length)).catch(() => {}));
    });
  }
  await page.goto(`${baseURL}/#${o.route}`);
  await page.locator(o.ready).first().waitFor();
  const ready = await page.evaluate(() => performance.now());
  // The first frame in which the app's own page has replaced the prerendered copy (login page).
  const app = o.code
    ? await page.evaluate(
        () =>
          new Promise((resolve) => {
            const look = () => (document.getElementById('prerendered') ? requestAnimationFrame(look) : resolve(performance.now()));
            look();
          }),
      )
    : null;
  if (o.code) await page.locator('[data-testid="graphic-code"] img').waitFor();
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input; a click on an empty spot ends it without changing the page.
  await page.mouse.click(1, 1);
  const r = await page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const res = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const img = res.find((e) => e.name.includes('/api/auth/verifycode'));
    const code = document.querySelector('[data-testid="graphic-code"] img');
    return {
      lcp: /** @type {any} */ (window).__lcp,
      dcl: nav.domContentLoadedEventEnd,
      // The picture is painted with the page when the server wrote it in (elementtiming); otherwise it
      // is a data: URL in the answer of POST /api/auth/verifycode, shown once that answer is in.
      code: /** @type {any} */ (window).__codePaint ?? (code && img ? img.responseEnd : null),
      transfer: nav.transferSize + res.reduce((s, e) => s + e.transferSize, 0),
      jsEncoded: res.filter((e) => /\.js$/.test(new URL(e.name).pathname)).reduce((s, e) => s + e.encodedBodySize, 0),
      requests: res.length + 1,
      // The same API request made twice (an early answer not taken: the data waited for the chunks).
      twice: (() => {
        const gets = res.filter((e) => e.name.includes('/api/') && e.initiatorType === 'fetch').map((e) => new URL(e.name).pathname);
        return gets.length - new Set(gets).size;
      })(),
    };
  });
  await Promise.all(bodies);
  await context.close();
  if (problems.length) throw new Error(`page errors on #${o.route}:\n${problems.join('\n')}`);
  if (o.checkBytes && Math.abs(jsGzip - r.jsEncoded) > 0.01 * jsGzip) {
    throw new Error(`#${o.route}: scripts' gzip -9 ${jsGzip} bytes, Resource Timing's encodedBodySize ${r.jsEncoded}: the server no longer sends them as gzip -9?`);
  }
  return { ...r, ready, app, jsGzip: r.jsEncoded };
}

/**
 * afterSignIn loads the login page in a fresh context, signs in through the form and returns
 * how long the account centre took from the sign-in answer to its content (ms), and the
 * requests made in that time.
 * @param {import('playwright-core').Browser} browser @param {string} baseURL
 * @param {{ account: string, password: string }} who
 */
async function afterSignIn(browser, baseURL, who) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(`${baseURL}/#/`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  // Each frame checks for the account name, so the time is the frame that first shows it.
  await page.evaluate((account) => {
    const w = /** @type {any} */ (window);
    w.__shown = 0;
    const look = () => {
      const found = Array.from(document.querySelectorAll('.ant-descriptions-item-content')).some((e) => e.textContent === account);
      if (found) w.__shown = performance.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, who.account);
  const answer = page.waitForResponse((r) => r.url().includes('/api/auth/authToken') && r.request().method() === 'PUT');
  await signInThroughSlider(page, baseURL, who.account, who.password);
  if ((await answer).status() !== 200) throw new Error('sign-in refused');
  await page.waitForFunction(() => /** @type {any} */ (window).__shown > 0);
  const r = await page.evaluate(() => {
    const res = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const signIn = res.filter((e) => e.name.includes('/api/auth/authToken')).at(-1);
    if (!signIn) throw new Error('no sign-in request in Resource Timing');
    const shown = /** @type {any} */ (window).__shown;
    return { ms: shown - signIn.responseEnd, requests: res.filter((e) => e.startTime >= signIn.responseEnd && e.startTime <= shown).length };
  });
  await context.close();
  if (problems.length) throw new Error(`page errors after sign-in:\n${problems.join('\n')}`);
  return r;
}

/**
 * floor is the first paint of a bare page from the same server (the favicon, an SVG): what this
 * browser and machine take to paint anything at all in a new context. The pages' figures are read
 * against it; on a loaded or slower machine the floor rises with them.
 */
async function floor(browser, baseURL) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/favicon.svg`, { waitUntil: 'load' });
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const done = () => {
          const p = performance.getEntriesByType('paint')[0];
          if (p) resolve(p.startTime);
          else requestAnimationFrame(done);
        };
        done();
      }),
  );
  await context.close();
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const binaries = [binary, ...(arg('--against', null) ? [arg('--against', null)] : [])];
const servers = [];
// One address makes every load here: the per-address graphic-code budget (60 a minute) would
// otherwise turn later loads into the static page and change what is measured.
const benchEnv = { BIDPASS_GRAPHIC_CODES_PER_MINUTE: '0' };
for (const b of binaries) servers.push(await startServer({ binary: b, env: benchEnv }));
const browser = await launchBrowser();
try {
  const password = 'Passw0rd1';
  const people = [];
  for (const s of servers) people.push(await registerPerson(s.baseURL, { account: 'benchweb01', phone: '13900000077', password }));
  const sessionOf = (person) => ({ token: person.token, userId: String(person.id), userName: person.account, userType: '1', registerProcess: '0' });
  const pages = [
    { name: 'login page (#/)', route: '/', ready: '[data-testid="login-submit"]', code: true },
    { name: 'account centre (#/accountCenterPage)', route: '/accountCenterPage', ready: '.ant-descriptions-item-content:has-text("benchweb01")', session: true },
  ];
  const withSession = (p, k) => (p.session ? { ...p, session: sessionOf(people[k]) } : { ...p, session: undefined });
  // One untimed load of each warms the servers (first answers, the key pair), not the browser.
  for (const p of pages) for (let k = 0; k < servers.length; k++) await measure(browser, servers[k].baseURL, { ...withSession(p, k), checkBytes: true });
  /** runs of fn on each server in turn: [server][run] */
  const alternate = async (fn) => {
    const rs = servers.map(() => []);
    for (let i = 0; i < runs; i++) for (let k = 0; k < servers.length; k++) rs[k].push(await fn(k));
    return rs;
  };
  const spread = (v) => ({ median: Math.round(median(v)), min: Math.round(Math.min(...v)), max: Math.round(Math.max(...v)) });
  const out = servers.map(() => []);
  {
    const rs = await alternate((k) => floor(browser, servers[k].baseURL));
    rs.forEach((ms, k) => out[k].push({ page: 'floor: a bare page from the same server (favicon.svg), first paint', runs, readyMs: spread(ms), requests: 1 }));
  }
  for (const p of pages) {
    const all = await alternate((k) => measure(browser, servers[k].baseURL, withSession(p, k)));
    all.forEach((rs, k) => {
      const col = (c) => rs.map((r) => r[c]).filter((v) => v !== null);
      const fig = (c) => (col(c).length ? spread(col(c)) : null);
      out[k].push({
        page: p.name,
        runs,
        lcpMs: fig('lcp'),
        dclMs: fig('dcl'),
        readyMs: fig('ready'),
        appMs: fig('app'),
        codeMs: fig('code'),
        jsGzipBytes: median(col('jsGzip')),
        transferBytes: median(col('transfer')),
        requests: median(col('requests')),
        apiAskedTwice: Math.max(...col('twice')),
      });
    });
  }
  {
    for (let k = 0; k < servers.length; k++) await afterSignIn(browser, servers[k].baseURL, { account: people[k].account, password }); // untimed, as above
    const all = await alternate((k) => afterSignIn(browser, servers[k].baseURL, { account: people[k].account, password }));
    all.forEach((rs, k) =>
      out[k].push({
        page: 'account centre after sign-in (sign-in answer → content)',
        runs,
        readyMs: spread(rs.map((r) => r.ms)),
        requests: median(rs.map((r) => r.requests)),
      }),
    );
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(servers.length > 1 ? binaries.map((b, k) => ({ binary: b, results: out[k] })) : out[0], null, 2));
  } else {
    const ms = (f) => (f ? `${f.median} ms (${f.min}–${f.max})` : '-');
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`RESULT web pages: headless Chromium 1440×900, cold cache, median of ${runs}${servers.length > 1 ? ', the two binaries load by load in turn' : ''}`);
    out.forEach((rows, k) => {
      const who = servers.length > 1 ? `[${binaries[k]}] ` : '';
      for (const r of rows) {
        if (!r.lcpMs) {
          console.log(`RESULT ${who}${r.page}: ${ms(r.readyMs)}, ${r.requests} requests`);
          continue;
        }
        console.log(`RESULT ${who}${r.page}: LCP ${ms(r.lcpMs)}, DCL ${ms(r.dclMs)}, content ${ms(r.readyMs)}` +
          `${r.appMs ? `, app ${ms(r.appMs)}` : ''}${r.codeMs ? `, graphic code ${ms(r.codeMs)}` : ''}, JS gzip ${kib(r.jsGzipBytes)}, transfer ${kib(r.transferBytes)}, ${r.requests} requests` +
          `${r.apiAskedTwice ? `, an API request made twice (${r.apiAskedTwice})` : ''}`);
      }
    });
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
}

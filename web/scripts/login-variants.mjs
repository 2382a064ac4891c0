// login-variants: where the login page's first paint goes (docs/decisions/frontend-load.md, "Front-end load"). Loads the login page as the
// server sends it to a browser (its own HTML, graphic code included, fetched once per load) in
// variants, in turn, each in a new browser context, and prints the median first paint, LCP and
// DOMContentLoaded of each:
// - served: the page and its headers as they are;
// - without COOP: the same without Cross-Origin-Opener-Policy (docs/decisions/captcha-and-codes.md, "The login page's graphic code from the server (seventh session)": the header
//   makes a new context's first page change renderer process once the response is in);
// - static copy: the prerendered copy shown, no script at all (what HTML and CSS alone cost);
// - static, no COOP: both.
// Playwright fulfils the document; every other request goes to the server.
//   node scripts/login-variants.mjs --binary ../bin/bidpass [--runs 9]
import { launchBrowser, startServer } from '../e2e/harness.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('--runs', '9'));
// No per-address graphic-code budget: every load comes from one address (bench-pages.mjs).
const server = await startServer({ binary: arg('--binary', '../bin/bidpass'), env: { BIDPASS_GRAPHIC_CODES_PER_MINUTE: '0' } });
const browser = await launchBrowser();

/** served returns the page and its headers as the server sends them to a browser's navigation. */
async function served() {
  const res = await fetch(`${server.baseURL}/`, { headers: { 'Sec-Fetch-Dest': 'document' } });
  /** @type {Record<string, string>} */
  const headers = {};
  res.headers.forEach((v, k) => {
    if (k !== 'content-encoding' && k !== 'content-length') headers[k] = v;
  });
  return { html: await res.text(), headers };
}

/** @type {Record<string, (p: { html: string, headers: Record<string, string> }) => { html: string, headers: Record<string, string> }>} */
const variants = {
  served: (p) => p,
  'without COOP': (p) => withoutCOOP(p),
  'static copy': (p) => staticCopy(p),
  'static, no COOP': (p) => withoutCOOP(staticCopy(p)),
};

/** @param {{ html: string, headers: Record<string, string> }} p */
function withoutCOOP(p) {
  return { html: p.html, headers: Object.fromEntries(Object.entries(p.headers).filter(([k]) => k !== 'cross-origin-opener-policy')) };
}

/** @param {{ html: string, headers: Record<string, string> }} p */
function staticCopy(p) {
  return { html: p.html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace('<html lang="zh-CN">', '<html lang="zh-CN" data-prerendered>'), headers: p.headers };
}

/** @type {Record<string, number[][]>} */
const out = {};
for (let i = 0; i <= runs; i++) {
  for (const [name, make] of Object.entries(variants)) {
    const page0 = make(await served());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(() => {
      const w = /** @type {{ __lcp?: number }} */ (/** @type {unknown} */ (window));
      w.__lcp = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    await page.route(`${server.baseURL}/`, (r) => r.fulfill({ status: 200, headers: page0.headers, body: page0.html }));
    await page.goto(`${server.baseURL}/#/`);
    await page.waitForTimeout(1500);
    await page.mouse.click(1, 1);
    const r = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      const w = /** @type {{ __lcp?: number }} */ (/** @type {unknown} */ (window));
      return [performance.getEntriesByType('paint')[0]?.startTime ?? -1, w.__lcp ?? 0, nav.domContentLoadedEventEnd];
    });
    await context.close();
    if (i > 0) (out[name] ??= []).push(r); // the first round warms the server
  }
}
await browser.close();
await server.stop();

const median = (/** @type {number[]} */ xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
console.log(`RESULT login page variants: headless Chromium 1440×900, new context each, median of ${runs} (first paint / LCP / DCL, ms)`);
for (const [name, rs] of Object.entries(out)) {
  const col = (/** @type {number} */ c) => rs.map((r) => r[c]);
  console.log(`RESULT ${name.padEnd(14)} ${median(col(0))} / ${median(col(1))} / ${median(col(2))}   (LCP ${Math.round(Math.min(...col(1)))}–${Math.round(Math.max(...col(1))) })`);
}

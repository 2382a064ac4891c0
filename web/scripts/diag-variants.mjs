import { launchBrowser, startServer } from '../e2e/harness.mjs';
const server = await startServer({ binary: process.argv[2] });
const browser = await launchBrowser();
const real = await (await fetch(`${server.baseURL}/`, { headers: { 'Sec-Fetch-Dest': 'document' } })).text();
const csp = (await fetch(`${server.baseURL}/`)).headers.get('content-security-policy');
const noBoot = real.replace(/<script>\(function\(\)\{[\s\S]*?<\/script>/, '');
const noModule = real.replace(/<script type="module"[^>]*><\/script>/, '');
const noLS = (h) => h.replace(/try\{r=localStorage[^}]*\}catch\{\}/, '');
const variants = { real, realCOOP: real };
const out = {};
for (let i = 0; i < 10; i++) {
  for (const [name, html] of Object.entries(variants)) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(() => { window.__lcp = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true }); });
    const page = await context.newPage();
    await page.route(/\/(\?.*)?(#.*)?$/, (r) => (new URL(r.request().url()).pathname === '/' ? r.fulfill({ contentType: 'text/html; charset=utf-8', headers: { ...(name === 'realCOOP' ? { 'cross-origin-opener-policy': 'same-origin' } : {}), 'content-security-policy': csp.replace(/'sha256-[^']*'/, "'unsafe-inline'") }, body: html }) : r.continue()));
    await page.goto(`${server.baseURL}/#/`);
    await page.waitForTimeout(1500);
    await page.mouse.click(1, 1);
    const r = await page.evaluate(() => [Math.round(performance.getEntriesByType('paint')[0]?.startTime ?? -1), Math.round(window.__lcp), Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd)]);
    if (i > 0) (out[name] ??= []).push(r.join('/'));
    await context.close();
  }
}
for (const [k, v] of Object.entries(out)) console.log(k.padEnd(14), v.join('  '));
await browser.close();
await server.stop();

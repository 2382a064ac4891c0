import { launchBrowser, startServer } from '../e2e/harness.mjs';
const server = await startServer({ binary: process.argv[2] });
const browser = await launchBrowser();
for (let i = 0; i < 4; i++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(() => {
    window.__lcps = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcps.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + '.' + (e.element.className?.baseVal ?? e.element.className) + (e.element.textContent||'').slice(0,20) : null }); }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/#/`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.click(1, 1);
  const r = await page.evaluate(() => ({
    paint: performance.getEntriesByType('paint').map((p) => `${p.name}=${Math.round(p.startTime)}`),
    lcps: window.__lcps,
    nav: (({ responseStart, responseEnd, domInteractive, domContentLoadedEventEnd }) => ({ responseStart, responseEnd, domInteractive, domContentLoadedEventEnd }))(performance.getEntriesByType('navigation')[0]),
    res: performance.getEntriesByType('resource').filter((e) => e.startTime < 800).map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.initiatorType} ${e.name.replace(/^.*\//, '').slice(0, 40)}`),
  }));
  if (i > 0) console.log(JSON.stringify(r, null, 1));
  await context.close();
}
await browser.close();
await server.stop();

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, startServer } from '../e2e/harness.mjs';
const servers = [await startServer({ binary: process.argv[2] }), await startServer({ binary: process.argv[3] })];
const out = [[], []];
for (let i = 0; i < 9; i++) {
  for (let k = 0; k < 2; k++) {
    const dir = mkdtempSync(join(tmpdir(), 'bp-fresh-'));
    const context = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: chromiumArgs, headless: true, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(() => { window.__lcp = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true }); });
    const page = context.pages()[0] ?? (await context.newPage());
    await new Promise((r) => setTimeout(r, 1500)); // the browser settles, as a user's does before they type an address
    await page.goto(`${servers[k].baseURL}/#/`);
    await page.getByTestId('login-submit').waitFor();
    await page.waitForTimeout(800);
    await page.mouse.click(1, 1);
    const r = await page.evaluate(() => [Math.round(performance.getEntriesByType('paint')[0]?.startTime ?? -1), Math.round(window.__lcp), Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd)]);
    out[k].push(r.join('/'));
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const med = (xs) => xs.map((x) => Number(x.split('/')[1])).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('new', med(out[0]), out[0].join('  '));
console.log('old', med(out[1]), out[1].join('  '));
for (const s of servers) await s.stop();

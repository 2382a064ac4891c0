import { launchBrowser, startServer } from '../e2e/harness.mjs';
const server = await startServer({ binary: process.argv[2] });
const browser = await launchBrowser();
const variants = {
  latin: '<!doctype html><html><body><h1>User login</h1></body></html>',
  chinese: '<!doctype html><html lang="zh-CN"><body><h1>用户登录</h1></body></html>',
  chineseSans: '<!doctype html><html lang="zh-CN"><body style="font-family:sans-serif"><h1>用户登录</h1></body></html>',
};
const out = {};
for (let i = 0; i < 5; i++) {
  for (const [name, html] of Object.entries(variants)) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.route('**/x.html', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto(`${server.baseURL}/x.html`);
    await page.waitForTimeout(300);
    const fp = await page.evaluate(() => Math.round(performance.getEntriesByType('paint')[0]?.startTime ?? -1));
    (out[name] ??= []).push(fp);
    await context.close();
  }
}
console.log(JSON.stringify(out));
await browser.close();
await server.stop();

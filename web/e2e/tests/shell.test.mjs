// The app shell served by the real binary: Chinese titles and texts, the dev banner,
// the header rules, the route guard, the outbox and the error pages.
// Extend with more files in e2e/tests/ using the helpers of ../harness.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  api,
  ApiCallError,
  apiRequest,
  devOutbox,
  networkQuiet,
  newPage,
  registerPerson,
  screenshot,
  sendSmsCode,
  signInThroughSlider,
  useServerAndBrowser,
} from '../harness.mjs';

const e2e = useServerAndBrowser();

test('login route: Chinese labels, site title, dev banner, no header', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  await page.getByRole('link', { name: '立即注册' }).waitFor();
  assert.ok(await page.getByRole('link', { name: '忘记密码' }).isVisible());
  assert.ok(await page.getByRole('tab', { name: '账号密码' }).isVisible());
  assert.match(await page.title(), / - 公路桥梁电子招标采购交易平台$/);
  assert.ok(await page.getByText('开发模式', { exact: true }).isVisible(), 'the dev banner shows with --dev');
  assert.equal(await page.getByTestId('app-header').count(), 0, 'no header on the login page');
  await screenshot(page, 'login');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('registration pages: background frame, tabs, no header', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/registerFrame');
  await page.waitForURL(/#\/register\/legalPerson$/);
  await page.getByRole('tab', { name: '单位注册' }).waitFor();
  assert.ok(await page.getByRole('tab', { name: '个人注册' }).isVisible());
  assert.equal(await page.getByTestId('app-header').count(), 0);
  assert.ok(await page.getByTestId('background-frame').isVisible());
  await screenshot(page, 'register');
  await page.getByRole('tab', { name: '个人注册' }).click();
  await page.waitForURL(/#\/register\/personal$/);
  assert.ok(await page.getByTestId('background-frame').isVisible());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('account centre without a token: warning and back to login', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/accountCenter');
  await page.getByText('token已失效，请重新登录！').waitFor();
  await page.waitForURL(/#\/$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('account centre signed in: header with 退出登录, redirect to basic information', async () => {
  // A real person and a real sign-in: the account pages call the API with the session, so a
  // made-up token would be refused (401) and sent back to login while the test looks at them.
  const person = await registerPerson(e2e.server.baseURL, { account: 'shellalice', phone: '13800138001' });
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  await signInThroughSlider(page, e2e.server.baseURL, person.account, person.password);
  await page.waitForURL(/#\/accountCenterPage$/);
  assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'signing in stores the session');
  await page.goto(`${e2e.server.baseURL}/#/accountCenter`);
  await page.waitForURL(/#\/accountCenter\/personal\/essentialInformation$/);
  const header = page.getByTestId('app-header');
  await header.waitFor();
  assert.ok(await header.getByText('公路桥梁电子招标采购交易平台').isVisible());
  assert.ok(await header.getByText('退出登录').isVisible());
  // The page shows the person's own data: the session is accepted by the API.
  await page.getByTestId('person-name').filter({ hasText: '张三' }).waitFor();
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await screenshot(page, 'account-centre');

  // The home's 数字证书 section says none is bound and leads to binding one.
  await page.goto(`${e2e.server.baseURL}/#/accountCenterPage`);
  await page.getByTestId('home-certificates').getByText('暂未绑定数字证书。绑定后可使用证书登录、找回密码。').waitFor();
  await page.getByTestId('home-certificates-bind').filter({ hasText: '绑定证书' }).waitFor();
  await screenshot(page, 'account-home-no-certificate');

  // 退出登录 clears the session and goes to login; the token no longer opens the account API.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await header.getByText('退出登录').click();
  await page.waitForURL(/#\/$/);
  // The page leaves at once; the session is cleared when the server has revoked it.
  await page.waitForFunction(() => localStorage.getItem('token') === null);
  await assert.rejects(api(e2e.server.baseURL, 'GET', '/api/account/auth', { token: token ?? '' }), (e) => e instanceof ApiCallError && e.status === 401);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test("signing out sends none of the old session's requests, from every account-centre page", async () => {
  // After 退出登录 on the CA page the app asked GET /api/certificate/list with no session (401):
  // a signed-out page must not send the old session's requests. Each page is left by 退出登录
  // and every API answer after the click is counted.
  const person = await registerPerson(e2e.server.baseURL, { account: 'shellbob', phone: '13800138002' });
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/');
  const refused = [];
  let signedOut = false;
  page.on('response', (r) => {
    if (signedOut && /\/api\//.test(r.url()) && r.status() === 401) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  for (const route of ['/accountCenter/CAcertificate', '/accountCenter/personal/essentialInformation', '/accountCenter/personal/accountSecurity', '/accountCenterPage']) {
    await signInThroughSlider(page, e2e.server.baseURL, person.account, person.password);
    await page.waitForURL(/#\/accountCenterPage$/);
    await page.goto(`${e2e.server.baseURL}/#${route}`);
    // Left at once, while the page's own requests may still be on their way, as a hurried user does.
    await page.getByTestId('app-header').getByText('退出登录').waitFor();
    signedOut = true;
    await page.getByTestId('app-header').getByText('退出登录').click();
    await page.waitForURL(/#\/$/);
    await networkQuiet(page, { only: apiRequest, quietMs: 800 });
    signedOut = false;
  }
  assert.deepEqual(refused, [], 'no request of the old session after 退出登录');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('development outbox page lists GET /api/dev/outbox, newest first', async () => {
  await sendSmsCode(e2e.server.baseURL, '13800138000', 'register');
  const items = await devOutbox(e2e.server.baseURL);
  const newest = items[0];
  assert.ok(newest, 'the outbox holds the SMS just sent');
  assert.equal(newest.to, '13800138000');
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/outbox');
  await page.getByRole('button', { name: /刷\s*新/ }).waitFor();
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
  assert.ok(await page.getByRole('columnheader', { name: '验证码' }).isVisible());
  const firstRow = page.locator('.ant-table-tbody tr').first();
  await firstRow.getByText(newest.code, { exact: true }).waitFor();
  assert.ok(await firstRow.getByText('短信').isVisible());
  await screenshot(page, 'dev-outbox');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('API reference page renders the yaml the binary serves in dev mode', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/dev/api');
  // Swagger UI is the app's largest chunk: on a loaded 2-core machine, with another test file's
  // browser beside this one (run.mjs runs two at a time), it took over 30 s to draw.
  await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 60_000 });
  // Past about 150 operations swagger-ui (5.35) draws only those near the viewport: scroll down
  // until this one is drawn rather than wait for it.
  const op = page.getByText('/api/auth/authToken', { exact: true }).first();
  for (let i = 0; i < 120 && !(await op.isVisible()); i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(250);
  }
  await op.waitFor();
  assert.ok(await page.getByRole('link', { name: 'API 参考' }).isVisible(), 'the dev banner links to it');
  await screenshot(page, 'dev-api');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('error pages: 404 for an unknown route, 500', async () => {
  const page = await newPage(e2e.browser, e2e.server.baseURL, '/no/such/page');
  await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  await screenshot(page, 'not-found');
  await page.goto(`${e2e.server.baseURL}/#/error/500`);
  await page.getByText('服务器内部错误。抱歉，服务器出错了，请稍后再试。').waitFor();
  await screenshot(page, 'error-500');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

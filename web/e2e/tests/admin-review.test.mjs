// The review console end to end (docs/decisions/review-and-staff.md, "Review console and staff"), in headless Chromium against the real binary.
// Staff are created with `bidpass admin create` on this test's own database, so the test
// starts a server of its own. The person registers through the API (registration has its
// own browser test) without manual verification, then does everything else in the
// person's own browser pages: the manual-authentication dialog of the authentication
// modes page with real PNG and JPEG uploads, the rejection reason on that page, the
// resubmission, and 已认证 with the audit record after the approval.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, clickSettled, devOutbox, keyboardOnly, newPage, pointerEvents, registerPerson, screenshot, sessionPage, passStaffSecondFactor, signInByKeys, tabTo, useOwnServer, watch, signInStaff as signInStaffAt } from '../harness.mjs';
const STAFF_PW = 'Review#2025abc';
const own = useOwnServer('admin', {
  beforeStart: (o) => {
    cli(o, ['admin', 'create', '--role', 'administrator', '--account', 'root01', '--password', STAFF_PW, '--display-name', '']);
    cli(o, ['admin', 'create', '--role', 'reviewer', '--account', 'shenhe01', '--password', STAFF_PW, '--display-name', '审核员王工']);
  },
});

/**
 * submitManualAuth fills the manual-authentication dialog of the authentication modes page:
 * three real photo uploads (a PNG and two JPEGs) through the file inputs, the certificate
 * address, then OK; it waits until the card says 认证中.
 * @param {import('playwright-core').Page} page
 * @param {string} button the card's button: 去认证 or 重新认证
 * @param {{png: Buffer, jpeg: Buffer}} photos
 */
async function submitManualAuth(page, button, photos, shot) {
  await page.getByTestId('go-authenticate').filter({ hasText: button }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '个人人工核验' });
  await dialog.waitFor();
  const inputs = dialog.locator('input[type=file]');
  assert.equal(await inputs.count(), 3);
  const files = [
    { name: 'front.png', mimeType: 'image/png', buffer: photos.png },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: photos.jpeg },
    { name: 'take.jpeg', mimeType: 'image/jpeg', buffer: photos.jpeg },
  ];
  for (let i = 0; i < 3; i++) {
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/file/upload') && r.status() === 200);
    await inputs.nth(i).setInputFiles(files[i]);
    await uploaded;
  }
  for (const alt of ['证件人像面', '证件国徽面', '手持证件照']) await dialog.getByAltText(alt).waitFor();
  await dialog.getByLabel('证件地址').fill('北京市朝阳区建国路1号');
  await screenshot(page, shot);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/register/person/realAuth'));
  await clickSettled(dialog.getByRole('button', { name: '确 定' }));
  const res = await sent;
  assert.equal(res.status(), 200, `realAuth: ${await res.text()}`);
  await page.getByText('提交成功！').waitFor();
  await page.getByRole('button', { name: '认证中...' }).waitFor();
}

/** signInStaff signs in at #/admin as name (harness's signInStaff with this file's server). */
function signInStaff(page, name) {
  return signInStaffAt(page, own.server.baseURL, name, STAFF_PW);
}

/** openItem opens the item of account in the person real-name queue, claiming it first. */
async function claimAndOpen(page, account) {
  await page.goto(`${own.server.baseURL}/#/admin/reviews`);
  const row = page.locator('tr', { hasText: account });
  await row.waitFor();
  await screenshot(page, 'admin-queue');
  await row.getByRole('button', { name: '领 取' }).click();
  await page.getByText('提交内容与当前信息对比').waitFor();
  await page.getByText('领取有效期至').waitFor();
}

test('console: a person authenticates manually, is rejected with a reason, submits again and is approved', async () => {
  // Real photos: a PNG and a JPEG screenshot of a page.
  const shot = await newPage(own.browser, own.server.baseURL, '/dev/outbox');
  const photos = {
    png: await shot.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } }),
    jpeg: await shot.screenshot({ type: 'jpeg', quality: 80, clip: { x: 0, y: 0, width: 320, height: 200 } }),
  };
  await shot.context().close();

  const person = await registerPerson(own.server.baseURL, { account: 'zhangsan88', phone: '13900001111', password: 'Person2025' });
  const me = await sessionPage(own.browser, own.server.baseURL, person, '/accountCenter/personal/authenticationModes');
  await me.getByTestId('trust-level').filter({ hasText: '未认证' }).waitFor();
  await screenshot(me, 'person-auth-modes');
  await submitManualAuth(me, '去认证', photos, 'person-auth-dialog');
  await screenshot(me, 'person-auth-submitted');

  // The reviewer rejects it in the console.
  const page = await newPage(own.browser, own.server.baseURL, '/admin');
  await signInStaff(page, 'shenhe01');
  await claimAndOpen(page, 'zhangsan88');
  // the photos at full size through the staff download
  await page.getByTestId('photo-证件人像面照片').waitFor();
  // coded values are shown by name
  await page.locator('tr', { hasText: '证件类型' }).getByText('居民身份证').first().waitFor();
  await screenshot(page, 'admin-review-detail');
  // NOT_PASS without a reason is refused on the field
  await page.getByLabel('不通过').check();
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await page.getByText('请填写不通过原因').waitFor();
  await page.getByPlaceholder('不通过时必须填写原因，申请人将看到该原因').fill('手持证件照不清晰，请重新拍摄');
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await clickSettled(page.getByRole('button', { name: '确 定' }));
  await page.getByText('该事项已审核').waitFor();
  await screenshot(page, 'admin-review-rejected');
  const notice = (await devOutbox(own.server.baseURL)).find((m) => m.to === '13900001111' && m.scene === 'realname_result');
  assert.ok(notice && notice.text.includes('手持证件照不清晰'), `rejection SMS: ${JSON.stringify(notice)}`);

  // The person sees 认证未通过 with the reason and the reviewer, and submits again.
  await me.reload();
  await me.getByTestId('auth-rejected').getByText('认证未通过', { exact: true }).waitFor();
  // The trust level at the top says 认证未通过 too, not 未认证 (the server's level counts a rejection as 0).
  await me.getByTestId('trust-level').filter({ hasText: '未通过' }).waitFor();
  assert.equal(await me.getByTestId('auth-rejected-reason').textContent(), '不通过原因：手持证件照不清晰，请重新拍摄');
  const rejected = me.getByTestId('auth-last-audit');
  await rejected.getByText('不通过', { exact: true }).waitFor();
  await rejected.getByText('审核员王工').waitFor();
  await screenshot(me, 'person-auth-rejected');
  await submitManualAuth(me, '重新认证', photos, 'person-auth-dialog-again');

  // The reviewer sees the history and approves the new item with a remark.
  await claimAndOpen(page, 'zhangsan88');
  await page.getByText('账号审核历史').waitFor();
  await page.getByText('手持证件照不清晰，请重新拍摄').first().waitFor();
  await page.getByLabel('通过', { exact: true }).check();
  await page.getByPlaceholder('不通过时必须填写原因，申请人将看到该原因').fill('证件信息核验无误');
  await page.getByRole('button', { name: '提交审核结果' }).click();
  await clickSettled(page.getByRole('button', { name: '确 定' }));
  await page.getByText('该事项已审核').waitFor();
  await screenshot(page, 'admin-review-approved');
  const passNotice = (await devOutbox(own.server.baseURL)).find((m) => m.to === '13900001111' && m.scene === 'realname_result' && m.text.includes('审核通过'));
  assert.ok(passNotice, 'approval SMS');

  // The person is authenticated and reads the audit record: 通过, the reviewer, the time and the remark.
  await me.reload();
  await me.getByTestId('trust-level').filter({ hasText: '已认证' }).waitFor();
  await me.getByRole('button', { name: '已认证' }).waitFor();
  const passed = me.getByTestId('auth-last-audit');
  await passed.getByText('通过', { exact: true }).waitFor();
  await passed.getByText('证件信息核验无误').waitFor();
  await passed.getByRole('button', { name: '审核记录' }).click();
  const audit = me.locator('.ant-modal').filter({ hasText: '审核记录' });
  const row = audit.locator('tbody tr', { hasText: '审核员王工' });
  await row.waitFor();
  assert.match(await row.textContent() ?? '', /审核员王工\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?通过证件信息核验无误/);
  await screenshot(me, 'person-auth-approved');

  // the administrator sees every action with its address
  const admin = await newPage(own.browser, own.server.baseURL, '/admin');
  await signInStaff(admin, 'root01');
  await admin.goto(`${own.server.baseURL}/#/admin/actions`);
  await admin.getByText('提交审核结果').first().waitFor();
  await admin.getByText('查看文件').first().waitFor();
  await screenshot(admin, 'admin-actions');
  await admin.goto(`${own.server.baseURL}/#/admin/staff`);
  await admin.getByRole('button', { name: '新增人员' }).waitFor();
  await admin.locator('tr', { hasText: '审核员王工' }).waitFor();
  // root01 was created without a display name: the 姓名 cell shows the account name, not nothing.
  assert.equal(await admin.locator('tr', { hasText: 'root01' }).locator('td').nth(1).textContent(), 'root01');
  await screenshot(admin, 'admin-staff');
  assert.deepEqual(admin.problems, []);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(me.problems, []);
  await admin.context().close();
  await page.context().close();
  await me.context().close();
});

test('console: a reviewer signs in, claims and approves an item with the keyboard alone', async () => {
  const shot = await newPage(own.browser, own.server.baseURL, '/dev/outbox');
  const photos = {
    png: await shot.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } }),
    jpeg: await shot.screenshot({ type: 'jpeg', quality: 80, clip: { x: 0, y: 0, width: 320, height: 200 } }),
  };
  await shot.context().close();
  const person = await registerPerson(own.server.baseURL, { account: 'kbreview1', phone: '13900001181', password: 'Person2025' });
  const me = await sessionPage(own.browser, own.server.baseURL, person, '/accountCenter/personal/authenticationModes');
  await submitManualAuth(me, '去认证', photos, 'keyboard-review-person-submitted');
  await me.context().close();

  // The reviewer signs in by keys too (the console's form, its graphic code and slider), every
  // pointer event counted from the first document on.
  const context = await own.browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });
  const page = watch(await context.newPage());
  page.setDefaultTimeout(10_000);
  await keyboardOnly(page);
  await page.goto(`${own.server.baseURL}/#/admin`);
  await page.getByAltText('图形验证码').waitFor();
  await signInByKeys(page, own.server.baseURL, 'shenhe01', STAFF_PW);
  // The 动态口令 field has the focus: the code is typed and sent with Enter.
  await passStaffSecondFactor(page, own.server.baseURL, 'shenhe01', { keys: true });
  // A reviewer's console opens on the review queue.
  await page.waitForURL(/#\/admin\/reviews$/);
  await page.getByTestId('admin-who').waitFor();
  await screenshot(page, 'keyboard-review-signed-in');
  const row = page.locator('tr', { hasText: 'kbreview1' });
  await row.waitFor();
  const rowKey = await row.getAttribute('data-row-key');
  await tabTo(page, `tr[data-row-key="${rowKey}"] button`, { text: '领取', max: 120 });
  await page.keyboard.press('Enter');
  await page.getByText('领取有效期至').waitFor();
  await tabTo(page, 'input[type="radio"][value="PASS"]', { max: 120 });
  await page.keyboard.press('Space');
  assert.equal(await page.locator('input[type="radio"][value="PASS"]').isChecked(), true);
  await tabTo(page, '#remark');
  await page.keyboard.type('证件信息核验无误');
  await tabTo(page, 'button', { text: '提交审核结果' });
  await screenshot(page, 'keyboard-review-decision');
  await page.keyboard.press('Enter');
  // The confirmation takes the focus on its 确 定.
  const ok = page.getByRole('button', { name: '确 定' });
  await ok.waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent?.replace(/\s/g, '') === '确定');
  await page.keyboard.press('Enter');
  await page.getByText('该事项已审核').waitFor();
  await screenshot(page, 'keyboard-review-approved');
  const notice = (await devOutbox(own.server.baseURL)).find((m) => m.to === '13900001181' && m.scene === 'realname_result' && m.text.includes('审核通过'));
  assert.ok(notice, 'approval SMS');
  assert.deepEqual(await pointerEvents(page), [], 'the page received pointer events');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

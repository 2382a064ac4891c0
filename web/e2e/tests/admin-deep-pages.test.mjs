// The review queue past its numbered pages (docs/decisions/scale.md, "Numbered pages reach 200 rows; deeper pages go by cursor"), in headless Chromium against the real
// binary on a database `bidpass dev seed` filled with 2,000 review items: pages are numbered as
// far as the server's reach (keyset.PageReach, 200 rows), an address beyond it opens the last
// numbered page instead of a refusal, 更多 goes on by cursor to older rows than any shown, Back
// and Forward move between the two, and 回到第一页 comes back. The count beside the pager is the
// server's exact tally.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, newPage, screenshot, signInStaff, useOwnServer } from '../harness.mjs';

const STAFF_PW = 'Review#2025abc';
const own = useOwnServer('deep', {
  beforeStart: (o) => {
    cli(o, ['dev', 'seed', '--accounts', '2000', '--reviews', '2000', '--dev']);
    cli(o, ['admin', 'create', '--role', 'reviewer', '--account', 'shenhe09', '--password', STAFF_PW, '--display-name', '']);
  },
});

/** ids lists the 编号 column of the queue's table as numbers. */
async function ids(page) {
  const cells = await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allTextContents();
  return cells.map(Number);
}

/** firstIdIs waits until the table's first 编号 is want, or, given a list, is none of them. */
function firstIdIs(page, want) {
  return page.waitForFunction((w) => {
    const id = Number(document.querySelector('.ant-table-tbody tr.ant-table-row td:first-child')?.textContent);
    return Array.isArray(w) ? id > 0 && !w.includes(id) : id === w;
  }, want);
}

/** listed waits for the queue's answer to a request whose query matches want. */
function listed(page, want) {
  return page.waitForResponse((r) => r.url().includes('/api/admin/reviews?') && want.test(r.url()) && r.status() === 200);
}

test('the queue numbers 20 pages of 10, opens a deeper address at the last, and goes on by cursor', async () => {
  const page = await newPage(own.browser, own.server.baseURL, '/admin', { viewport: { width: 1440, height: 900 } });
  await signInStaff(page, own.server.baseURL, 'shenhe09', STAFF_PW);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const res = await fetch(`${own.server.baseURL}/api/admin/reviews?kind=change&state=decided&page=1&pageSize=10`, { headers: { Authorization: `Bearer ${token}` } });
  const whole = await res.json();
  assert.ok(res.ok && whole.count > 200 && whole.countCapped === false, `decided change items: ${JSON.stringify(whole).slice(0, 200)}`);

  // An address past the reach (an old link, or typed): the last numbered page, no refusal.
  const twentieth = listed(page, /[?&]page=20(&|$)/);
  await page.goto(`${own.server.baseURL}/#/admin/reviews?tab=change&state=decided&page=60&pageSize=10`);
  await twentieth;
  await page.locator('.ant-pagination-item-active').filter({ hasText: '20' }).waitFor();
  await page.getByText(`共 ${whole.count} 条`).waitFor();
  assert.equal(await page.locator('.ant-pagination-item[title="21"]').count(), 0, 'no page past the reach');
  await page.waitForURL(/[?&]page=20(&|$)/); // the address names the page shown, in place of page=60
  const last = await ids(page);
  assert.equal(last.length, 10);
  await screenshot(page, 'admin-reviews-numbered-reach');

  // 更多: the ten after, newest first as the decided list is ordered, none seen before.
  const byCursor = listed(page, /[?&]after=/);
  await page.getByRole('button', { name: /更\s?多/ }).click();
  await byCursor;
  await page.getByRole('button', { name: '回到第一页' }).waitFor();
  await firstIdIs(page, last); // none of page 20's
  const next = await ids(page);
  assert.equal(next.length, 10);
  assert.ok(Math.max(...next) < Math.min(...last), `cursor page ${next} after ${last}`);
  assert.equal(await page.locator('.ant-pagination').count(), 0, 'no numbered pager on a page by cursor');

  // Back returns to page 20 as it was (the page and the cursor live in the address), Forward to the cursor page.
  await page.goBack();
  await page.locator('.ant-pagination-item-active').filter({ hasText: '20' }).waitFor();
  await firstIdIs(page, last[0]);
  assert.deepEqual(await ids(page), last);
  await page.goForward();
  await page.getByRole('button', { name: '回到第一页' }).waitFor();
  await firstIdIs(page, next[0]);

  // 回到第一页: page 1, numbered again, 更多 only on the last numbered page.
  const first = listed(page, /[?&]page=1(&|$)/);
  await page.getByRole('button', { name: '回到第一页' }).click();
  await first;
  await page.locator('.ant-pagination-item-active').filter({ hasText: '1' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /更\s?多/ }).count(), 0);
  assert.ok(!page.url().includes('after='), page.url());
  assert.deepEqual(page.problems, []);
});

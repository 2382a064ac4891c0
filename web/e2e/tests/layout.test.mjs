// docs/decisions/usability.md, "A careful user's findings (behaviour items)" (Layout): at 1440×900 no page of a signed-in person, enterprise, reviewer or
// administrator scrolls sideways, neither the document nor any table, with seeded data so the
// tables have rows (the modification records with 认证时间, the reviewer's 审核记录 with 结果,
// the change table). The pages and their users are those of `make screenshots`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useOwnServer } from '../harness.mjs';
import { settle, signedIn, visits } from '../screenshots.mjs';
import { seedAll, seedStaff } from '../seed.mjs';

const own = useOwnServer('layout', { beforeStart: (o) => seedStaff(o) });

/** Pages whose table must have rows here, so the check is about real content. */
const withRows = new Set([
  'modifyRecord-person',
  'modifyRecord-enterprise',
  'admin-reviews',
  'admin-reviews-change',
  'admin-review-person',
  'admin-review-change',
  'admin-staff',
  'admin-actions',
  'admin-oidc',
]);

/**
 * overflow lists what scrolls sideways on the page: the document, and each table's scrolling
 * box (.ant-table-content, .ant-table-body) whose content is wider than the box.
 * @param {import('playwright-core').Page} page
 */
function overflow(page) {
  return page.evaluate(() => {
    /** @type {string[]} */
    const out = [];
    const doc = /** @type {Element} */ (document.scrollingElement);
    if (doc.scrollWidth > doc.clientWidth) out.push(`document ${doc.scrollWidth} > ${doc.clientWidth}`);
    document.querySelectorAll('.ant-table-content, .ant-table-body').forEach((el, i) => {
      if (el.scrollWidth > el.clientWidth) {
        const head = Array.from(el.closest('.ant-table')?.querySelectorAll('thead th') ?? [], (th) => th.textContent).join('|');
        out.push(`table ${i} (${head}) ${el.scrollWidth} > ${el.clientWidth}`);
      }
    });
    return out;
  });
}

test('layout: no sideways scroll at 1440×900 on any page of a person, an enterprise, a reviewer or an administrator', async () => {
  const { seeded, staffTokens } = await seedAll(own.server.baseURL, own.browser);
  const viewport = { width: 1440, height: 900 };
  const signedInPages = visits.filter((v) => ['person', 'enterprise', 'reviewer', 'administrator'].includes(v.who));
  for (const who of ['person', 'enterprise', 'reviewer', 'administrator']) {
    assert.ok(signedInPages.some((v) => v.who === who), `no page of ${who}`);
  }
  /** @type {string[]} */
  const failures = [];
  // One page per user, moved from route to route as `make screenshots` does: opening the app
  // afresh for each of the 30-odd routes took most of the test's time on a loaded machine.
  /** @type {Map<string, import('../harness.mjs').TestPage>} */
  const pages = new Map();
  for (const v of signedInPages) {
    let page = pages.get(v.who);
    if (!page) {
      page = await signedIn(own.browser, own.server.baseURL, viewport, v.who, seeded, staffTokens);
      pages.set(v.who, page);
    }
    const route = typeof v.route === 'string' ? v.route : v.route(seeded);
    await page.goto(`${own.server.baseURL}/#${route}`);
    await settle(page);
    if (withRows.has(v.name)) {
      const rows = await page.locator('.ant-table-tbody tr.ant-table-row').count();
      assert.ok(rows > 0, `${v.name}: the table has no rows`);
    }
    for (const o of await overflow(page)) failures.push(`${v.name} (${v.who}, #${route}): ${o}`);
    assert.deepEqual(page.problems.slice(page.checked), [], `${v.name}: errors on the page`);
    page.checked = page.problems.length;
  }
  for (const page of pages.values()) await page.context().close();
  assert.deepEqual(failures, []);
});

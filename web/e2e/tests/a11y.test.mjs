// WCAG 2.2 AA on every route (docs/accessibility.md, "How the checks run"): each route of the
// portal and the console, as each kind of user sees it (anonymous, a person, an enterprise, a
// reviewer, an administrator, with seeded data), is checked with axe-core (harness axeFindings,
// tags wcag2a … wcag22aa): 0 violations. The states other tests reach (dialogs open, errors
// shown) are checked at their screenshots (harness screenshot → axeCheck). Then 长辈模式 at 1440×900
// and at 320 CSS px: the pictures the issue asks for, checked by axe too, and no sideways scroll.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeFindings, axeReport, screenshot, useOwnServer } from '../harness.mjs';
import { settle, signedIn, visits } from '../screenshots.mjs';
import { seedAll, seedStaff } from '../seed.mjs';

const own = useOwnServer('a11y', { beforeStart: (o) => seedStaff(o) });

/**
 * Routes not visited here, each with its reason: the API reference (swagger-ui, development mode
 * only) draws its operations seconds after the route settles; shell.test.mjs checks it at its
 * screenshot once they are drawn.
 */
const notChecked = new Set(['dev-api']);

/** @type {{ seeded: any, staffTokens: Record<string, string> } | undefined} */
let data;
async function seeded() {
  data ??= await seedAll(own.server.baseURL, own.browser);
  return data;
}

/**
 * structure is what every page must have besides axe's rules: lang zh-CN, a title of its own,
 * one level-one heading, a main landmark and the skip link to it.
 * @param {import('playwright-core').Page} page
 */
function structure(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main').length,
    skip: document.querySelector('a[href="#main-content"]')?.textContent ?? '',
  }));
}

test('every route, as each kind of user sees it, has no WCAG 2.2 AA violation axe can find', async () => {
  const { seeded: s, staffTokens } = await seeded();
  const viewport = { width: 1280, height: 800 };
  /** @type {string[]} */
  const failures = [];
  /** @type {Set<string>} */
  const titles = new Set();
  /** @type {Map<string, import('../harness.mjs').TestPage>} */
  const pages = new Map();
  for (const v of visits) {
    if (notChecked.has(v.name)) continue;
    let page = pages.get(v.who);
    if (!page) {
      page = await signedIn(own.browser, own.server.baseURL, viewport, v.who, s, staffTokens);
      pages.set(v.who, page);
    }
    const route = typeof v.route === 'string' ? v.route : v.route(s);
    await page.goto(`${own.server.baseURL}/#${route}`);
    await settle(page);
    const found = await axeFindings(page);
    if (found.length) failures.push(axeReport(`${v.name} (${v.who})`, page.url(), found));
    const st = await structure(page);
    if (st.lang !== 'zh-CN') failures.push(`${v.name}: lang is ${st.lang}`);
    if (st.h1 !== 1) failures.push(`${v.name}: ${st.h1} level-one headings`);
    if (st.main !== 1) failures.push(`${v.name}: ${st.main} main landmarks`);
    if (st.skip !== '跳到主要内容') failures.push(`${v.name}: no skip link`);
    titles.add(st.title);
    assert.deepEqual(page.problems.slice(page.checked), [], `${v.name}: errors on the page`);
    page.checked = page.problems.length;
  }
  for (const page of pages.values()) await page.context().close();
  if (failures.length) console.log(failures.join('\n'));
  assert.deepEqual(failures, []);
  // A title per route: the pages' names differ (the account centre's pages share its name only where they are its tabs).
  assert.ok(titles.size >= 20, `only ${titles.size} different titles: ${[...titles].join(' / ')}`);
});

test('长辈模式: larger text, no backdrop, no sideways scroll at 1440×900 and at 320 px, and remembered', async () => {
  const { seeded: s, staffTokens } = await seeded();
  const shots = visits.filter((v) => ['login', 'register-personal', 'accountCenterPage-person'].includes(v.name));
  /** @type {string[]} */
  const failures = [];
  for (const viewport of [{ width: 1440, height: 900 }, { width: 320, height: 800 }]) {
    for (const v of shots) {
      const page = await signedIn(own.browser, own.server.baseURL, viewport, v.who, s, staffTokens);
      await page.goto(`${own.server.baseURL}/#${typeof v.route === 'string' ? v.route : v.route(s)}`);
      await settle(page);
      // Switched on with the keyboard, as a person would, where the switch is: the header, or the bar of a page without it.
      const sw = page.getByRole('button', { name: '长辈模式' });
      assert.equal(await sw.getAttribute('aria-pressed'), 'false');
      await sw.focus();
      await page.keyboard.press('Enter');
      assert.equal(await sw.getAttribute('aria-pressed'), 'true');
      await page.reload();
      await settle(page);
      assert.equal(await page.getByRole('button', { name: '长辈模式' }).getAttribute('aria-pressed'), 'true', `${v.name}: not remembered`);
      const m = await page.evaluate(() => {
        const doc = /** @type {Element} */ (document.scrollingElement);
        const field = document.querySelector('input:not([type=hidden])');
        const frame = document.querySelector('[data-testid="background-frame"]');
        return {
          elder: document.documentElement.hasAttribute('data-elder'),
          sideways: doc.scrollWidth - doc.clientWidth,
          fieldFont: field ? parseFloat(getComputedStyle(field).fontSize) : null,
          bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
          backdrop: frame ? getComputedStyle(frame).backgroundImage : 'none',
          art: frame ? getComputedStyle(/** @type {Element} */ (frame.querySelector('svg'))).display : 'none',
        };
      });
      const at = `${v.name} at ${viewport.width} px`;
      if (!m.elder) failures.push(`${at}: not in 长辈模式`);
      if (m.sideways > 0) failures.push(`${at}: scrolls sideways by ${m.sideways} px`);
      if (m.bodyFont < 18) failures.push(`${at}: body text ${m.bodyFont} px`);
      if (m.fieldFont !== null && m.fieldFont < 18) failures.push(`${at}: field text ${m.fieldFont} px`);
      if (m.backdrop !== 'none' || m.art !== 'none') failures.push(`${at}: a decorative background`);
      await screenshot(page, `elder-${v.name}-${viewport.width}`);
      await page.context().close();
    }
  }
  assert.deepEqual(failures, []);
});

test('both modes reflow at 320 px (1.4.10) on the pages people use first', async () => {
  const { seeded: s, staffTokens } = await seeded();
  /** @type {string[]} */
  const failures = [];
  for (const v of visits.filter((x) => ['login', 'register-personal', 'register-legalPerson', 'supplyFrame', 'accountCenterPage-person', 'accountCenterPage-enterprise'].includes(x.name))) {
    const page = await signedIn(own.browser, own.server.baseURL, { width: 320, height: 800 }, v.who, s, staffTokens);
    await page.goto(`${own.server.baseURL}/#${typeof v.route === 'string' ? v.route : v.route(s)}`);
    await settle(page);
    const sideways = await page.evaluate(() => {
      const doc = /** @type {Element} */ (document.scrollingElement);
      return doc.scrollWidth - doc.clientWidth;
    });
    if (sideways > 0) failures.push(`${v.name}: scrolls sideways by ${sideways} px at 320 px`);
    await screenshot(page, `reflow-${v.name}-320`);
    await page.context().close();
  }
  assert.deepEqual(failures, []);
});

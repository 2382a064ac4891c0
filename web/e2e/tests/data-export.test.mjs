// 下载我的数据 (docs/decisions/personal-data.md, "Data protection") in real Chromium against a real `bidpass serve --dev`: a person and an
// enterprise each download their own data from the account centre's security page; the zip is
// opened here (node's zlib) and its entries checked: the information, the records and the photos.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { api, createAccount, newPage, registerPerson, screenshot, sessionPage, signInThroughSlider, useOwnServer } from '../harness.mjs';

// A server of its own: the enterprise is made with `bidpass account create`.
const own = useOwnServer('export');

const securityRoute = '/accountCenter/personal/accountSecurity';

/**
 * unzip reads a zip (stored or deflated entries, as Go's archive/zip writes) from its central
 * directory and returns each entry's bytes by name.
 * @param {Buffer} zip @returns {Map<string, Buffer>}
 */
function unzip(zip) {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, 'no end of central directory: not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    out.set(name, method === 0 ? raw : inflateRawSync(raw));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** uploadPng uploads a real PNG (a piece of a screenshot) as the session's account; returns its id and bytes. */
async function uploadPng(page, token, name) {
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 160 } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const r = await fetch(`${own.server.baseURL}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return { id: body.data, png };
}

/**
 * downloadFromCard clicks 下载我的数据 on the security page, confirms, and returns the saved
 * zip's name and entries; the request carries the session in its header, not in the URL.
 * @param {import('../harness.mjs').TestPage} page @param {string} token
 * @param {string} [shot] the name of a screenshot of the confirmation
 */
async function downloadFromCard(page, token, shot) {
  const card = page.getByTestId('data-export');
  await card.getByText('account.json').waitFor();
  const requests = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/account/export')) requests.push(r);
  });
  await card.getByTestId('data-export-button').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认下载我的数据？' });
  await dialog.waitFor();
  if (shot) {
    await page.waitForTimeout(400); // the opening animation
    await screenshot(page, shot);
  }
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^下\s*载$/ }).click();
  const download = await downloading;
  await page.getByText('已开始下载').waitFor();
  assert.equal(requests.length, 1);
  assert.ok(!requests[0].url().includes(token), 'the token is in the URL');
  assert.equal((await requests[0].allHeaders()).authorization, `Bearer ${token}`);
  const path = await download.path();
  return { name: download.suggestedFilename(), entries: unzip(readFileSync(path)) };
}

test('a person downloads their data from the account centre: information, records and photos', async () => {
  const base = own.server.baseURL;
  const s = await registerPerson(base, { account: 'e2eexport', phone: '13711150001', manual: true });
  const page = await sessionPage(own.browser, base, s, securityRoute);
  await page.setViewportSize({ width: 1440, height: 900 });
  const photos = [];
  for (const n of ['front.png', 'back.png', 'hand.png']) photos.push(await uploadPng(page, s.token, n));
  await api(base, 'POST', '/api/register/person/realAuth', {
    token: s.token,
    body: { certFrontId: photos[0].id, certBackId: photos[1].id, certTakeId: photos[2].id, certDetailAddr: '北京市朝阳区建国路1号' },
  });

  await page.reload();
  const card = page.getByTestId('data-export');
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'account-data-export');

  const { name, entries } = await downloadFromCard(page, s.token, 'account-data-export-confirm');
  assert.match(name, /\.zip$/);
  for (const want of ['account.json', '我的数据.txt', 'records/modification-records.json', 'records/operation-records.json',
    'records/operator-links.json', 'records/operator-blocks.json', 'records/admission-applications.json', 'records/certificates.json',
    'records/sign-ins.json']) {
    assert.ok(entries.has(want), `${want} missing from ${[...entries.keys()].join(', ')}`);
  }
  const info = JSON.parse(entries.get('account.json').toString('utf8'));
  assert.equal(info.account.account, 'e2eexport');
  assert.equal(info.account.type, 'person');
  assert.equal(info.person.RealName, '张三');
  assert.ok(entries.get('account.json').includes('11010519491231002X'), 'the holder’s own number, unmasked');
  assert.match(entries.get('我的数据.txt').toString('utf8'), /证件号码：11010519491231002X/);
  const ops = JSON.parse(entries.get('records/operation-records.json').toString('utf8'));
  assert.ok(ops.length >= 1, 'the real-name submission is an operation record');
  const signIns = JSON.parse(entries.get('records/sign-ins.json').toString('utf8'));
  assert.ok(signIns.length >= 1, 'the registration’s session is a sign-in');
  for (const p of photos) {
    const got = entries.get(`photos/${p.id}.png`);
    assert.ok(got, `photo ${p.id} missing`);
    assert.ok(got.equals(p.png), `photo ${p.id} is not the uploaded bytes`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an enterprise downloads its own data, and nothing of the person is in it', async () => {
  const base = own.server.baseURL;
  const e = createAccount(own, { account: 'e2eexportcorp', password: 'Abcdefg12345!', phone: '13711150002', type: 'enterprise' });
  const page = await newPage(own.browser, base, '/');
  await signInThroughSlider(page, base, e.account, e.password);
  await page.waitForFunction(() => localStorage.getItem('token'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.goto(`${base}/#${securityRoute}`);
  const { entries } = await downloadFromCard(page, token);
  const info = JSON.parse(entries.get('account.json').toString('utf8'));
  assert.equal(info.account.account, 'e2eexportcorp');
  assert.equal(info.account.type, 'enterprise');
  for (const [name, b] of entries) {
    assert.ok(!b.includes('e2eexport"') && !b.includes('11010519491231002X') && !b.includes('13711150001'), `the person's data in ${name}`);
    assert.ok(!name.startsWith('photos/'), `a file the enterprise did not upload: ${name}`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('over the daily limit the export answers 429 and the page says so in Chinese', async () => {
  const base = own.server.baseURL;
  const e = createAccount(own, { account: 'e2eexportlimit', password: 'Abcdefg12345!', phone: '13711150003' });
  const page = await newPage(own.browser, base, '/');
  await signInThroughSlider(page, base, e.account, e.password);
  await page.waitForFunction(() => localStorage.getItem('token'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // The server's rule: 3 exports a Beijing day per account (BIDPASS_EXPORT_PER_DAY).
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${base}/api/account/export`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(r.status, 200, `export ${i + 1}`);
    await r.arrayBuffer();
  }
  await page.goto(`${base}/#${securityRoute}`);
  const card = page.getByTestId('data-export');
  await card.getByText('account.json').waitFor();
  const answered = page.waitForResponse((r) => r.url().includes('/api/account/export'));
  await card.getByTestId('data-export-button').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认下载我的数据？' });
  await dialog.getByRole('button', { name: /^下\s*载$/ }).click();
  assert.equal((await answered).status(), 429);
  await page.getByText('今日导出次数已达上限，请明天再试').waitFor();
  await screenshot(page, 'account-data-export-limit');
  assert.deepEqual(page.problems.filter((m) => !/status of 429/.test(m)), []);
  await page.context().close();
});

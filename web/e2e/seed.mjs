// Seed data for whole-app runs (`make screenshots`, e2e/tests/layout.test.mjs): staff made
// with the operators' command, and accounts with review items in every state, so each table
// page has rows. Everything goes through the public API as the wizards send it, except the
// staff, who sign in through the real console (graphic code and slider).
import { api, cli, devOutbox, encryptPassword, newPage, registerPerson, sendSmsCode, signInStaff } from './harness.mjs';

export const STAFF_PW = 'Review#2025abc';
export const STAFF = {
  administrator: { account: 'admin01', name: '系统管理员' },
  reviewer: { account: 'shenhe01', name: '审核员王工' },
};

/**
 * seedStaff creates an administrator and a reviewer, and registers two OpenID Connect clients, on
 * the database of a server that has not started yet (own as in harness.mjs's cli).
 * @param {{ binary: string, dbFile: string, dir: string }} own
 */
export function seedStaff(own) {
  for (const [role, s] of Object.entries(STAFF)) {
    cli(/** @type {any} */ (own), ['admin', 'create', '--role', role, '--account', s.account, '--password', STAFF_PW, '--display-name', s.name]);
  }
  // Two registered systems, so the console's 接入应用 page (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)") has rows.
  cli(/** @type {any} */ (own), ['oidc', 'client', 'add', '--id', 'tender', '--name', '招标系统', '--first-party', '--require-realname',
    '--redirect-uri', 'https://tender.example.cn/login/oauth2/code/bidpass', '--scope', 'profile', '--scope', 'offline_access']);
  cli(/** @type {any} */ (own), ['oidc', 'client', 'add', '--id', 'supplier-app', '--name', '供应商移动端', '--public',
    '--redirect-uri', 'https://app.example.cn/callback', '--scope', 'profile']);
}

/**
 * pngCard renders a PNG of a coloured card with a caption in a throw-away page, so pictures
 * on screenshots say what they are.
 * @param {import('playwright-core').Browser} browser @param {string} caption @param {string} colour
 */
export async function pngCard(browser, caption, colour) {
  const ctx = await browser.newContext({ viewport: { width: 480, height: 300 } });
  const p = await ctx.newPage();
  await p.setContent(
    `<body style="margin:0"><div style="width:480px;height:300px;background:${colour};color:#fff;font:bold 40px sans-serif;display:flex;align-items:center;justify-content:center">${caption}</div></body>`,
  );
  const png = await p.screenshot();
  await ctx.close();
  return png;
}

/**
 * uploadPng stores a PNG as the session's account (POST /api/file/upload) and returns its id.
 * @param {string} baseURL @param {string} token @param {string} name @param {Buffer} png
 */
export async function uploadPng(baseURL, token, name, png) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const r = await fetch(`${baseURL}/api/file/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  if (body.code !== 0) throw new Error(`upload ${name}: ${JSON.stringify(body)}`);
  return /** @type {string} */ (body.data);
}

/**
 * smsCode sends an SMS code for scene to phone (solving the graphic code through the dev
 * endpoints) and reads it from the dev outbox.
 * @param {string} baseURL @param {string} phone @param {string} scene @param {string} [token]
 */
export async function smsCode(baseURL, phone, scene, token) {
  const graphic = await api(baseURL, 'POST', '/api/auth/verifycode');
  const { code } = await api(baseURL, 'GET', `/api/dev/verifycode/${graphic.id}`);
  const id = await api(baseURL, 'POST', '/api/common/sms/send', { token, body: { phone, scene, codeId: graphic.id, verificationCode: code } });
  const msg = (await devOutbox(baseURL)).find((m) => m.to === phone && m.scene === scene);
  if (!msg) throw new Error(`no ${scene} SMS to ${phone}`);
  return { id, code: msg.code };
}

/**
 * registerEnterprise registers an enterprise through the public API as the wizard does and
 * submits its licence and the legal person's photos for real-name review.
 * @param {string} baseURL
 * @param {{ account: string, name: string, creditCode: string, phone: string, contactPhone: string,
 *   photos: { licence: Buffer, front: Buffer, back: Buffer } }} o
 */
export async function registerEnterprise(baseURL, { account, name, creditCode, phone, contactPhone, photos }) {
  const smsCodeId = await sendSmsCode(baseURL, phone, 'register');
  const sms = (await devOutbox(baseURL)).find((m) => m.to === phone && m.scene === 'register');
  const enc = await encryptPassword(baseURL, 'Abcdefg12345!');
  const reg = await api(baseURL, 'POST', '/api/register/enterprise', {
    body: { account, phone, ...enc, smsCode: sms?.code, smsCodeId, isAgree: true },
  });
  const token = reg.accessToken;
  const contact = await smsCode(baseURL, contactPhone, 'contact', token);
  await api(baseURL, 'POST', '/api/register/enterprise/info', {
    token,
    body: {
      progress: 1,
      enterpriseDto: {
        type: 'A1', name, certType: '1', certNum: creditCode, province: '350000', city: '350100', area: '350102',
        detailAddr: '五四路100号', industry: 'E,E48,E481,E4812', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
      },
      legalPersonDto: {
        name: '李四', certType: '1', certNum: '11010519491231002X', linkName: '王五', linkPhone: contactPhone, checkCodeId: contact.id, checkCode: contact.code,
      },
    },
  });
  const licenceId = await uploadPng(baseURL, token, 'licence.png', photos.licence);
  const front = await uploadPng(baseURL, token, 'front.png', photos.front);
  const back = await uploadPng(baseURL, token, 'back.png', photos.back);
  await api(baseURL, 'POST', '/api/register/enterprise/realAuth', { token, body: { enterpriseId: licenceId, personFrontId: front, personBackId: back } });
  return { token, id: reg.id, account, name, licenceId };
}

/**
 * submitPersonPhotos uploads the person's three certificate photos and submits them for
 * real-name review (POST /api/register/person/realAuth).
 * @param {string} baseURL @param {string} token @param {{ front: Buffer, back: Buffer, take: Buffer }} photos
 */
export async function submitPersonPhotos(baseURL, token, photos) {
  const [front, back, take] = [
    await uploadPng(baseURL, token, 'front.png', photos.front),
    await uploadPng(baseURL, token, 'back.png', photos.back),
    await uploadPng(baseURL, token, 'take.png', photos.take),
  ];
  await api(baseURL, 'POST', '/api/register/person/realAuth', {
    token,
    body: { certFrontId: front, certBackId: back, certTakeId: take, certDetailAddr: '北京市朝阳区建国路1号' },
  });
}

/**
 * staffToken signs a staff member in through the console (real graphic code and slider) and
 * returns the staff token; the page is closed.
 * @param {import('playwright-core').Browser} browser @param {string} baseURL @param {string} account
 */
export async function staffToken(browser, baseURL, account) {
  // A loaded machine: this is set-up, not a test of speed.
  const page = await newPage(browser, baseURL, '/admin', { timeout: 60_000 });
  await signInStaff(page, baseURL, account, STAFF_PW);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  await page.context().close();
  if (!token) throw new Error(`no staff token for ${account}`);
  return token;
}

/**
 * decideOpen claims and decides the one open item of kind for account (staff API).
 * @param {string} baseURL @param {string} token @param {string} kind @param {string} account
 * @param {'PASS' | 'NOT_PASS'} action @param {string} remark
 * @returns {Promise<number>} the item's id
 */
async function decideOpen(baseURL, token, kind, account, action, remark) {
  const items = await api(baseURL, 'GET', `/api/admin/reviews?kind=${kind}&state=pending&pageSize=100`, { token });
  const it = items.find((/** @type {any} */ i) => i.account === account);
  if (!it) throw new Error(`no open ${kind} item of ${account}`);
  await api(baseURL, 'POST', `/api/admin/reviews/${it.id}/claim`, { token });
  await api(baseURL, 'POST', `/api/admin/reviews/${it.id}/decision`, { token, body: { action, remark } });
  return it.id;
}

/**
 * openItem is the id of account's open item of kind.
 * @param {string} baseURL @param {string} token @param {string} kind @param {string} account
 */
async function openItem(baseURL, token, kind, account) {
  const items = await api(baseURL, 'GET', `/api/admin/reviews?kind=${kind}&state=pending&pageSize=100`, { token });
  const it = items.find((/** @type {any} */ i) => i.account === account);
  if (!it) throw new Error(`no open ${kind} item of ${account}`);
  return /** @type {number} */ (it.id);
}

/**
 * @typedef {object} Seeded
 * @property {{ token: string, id: number, account: string }} person  authenticated once refused, photos under review again
 * @property {{ token: string, id: number, account: string }} plainPerson  registered without manual verification
 * @property {{ token: string, id: number, account: string }} enterprise  authenticated, a name change approved, a licence change open
 * @property {number} personItem  the person's open real-name item
 * @property {number} changeItem  the enterprise's open licence change item
 */

/**
 * seedData fills a fresh server (after seedStaff): a person refused once with a reason and
 * under review again, a plain person, an enterprise authenticated with one change approved and
 * one open, so the queues, the review pages, the records and the action log all have rows.
 * @param {string} baseURL @param {import('playwright-core').Browser} browser
 * @param {{ reviewer?: string }} [staffTokens] receives the reviewer's token, signed in for the decisions
 * @returns {Promise<Seeded>}
 */
export async function seedData(baseURL, browser, staffTokens = {}) {
  const photos = {
    licence: await pngCard(browser, '营业执照', '#1d3b6e'),
    newLicence: await pngCard(browser, '营业执照（新）', '#b5472f'),
    front: await pngCard(browser, '证件人像面', '#555'),
    back: await pngCard(browser, '证件国徽面', '#777'),
    take: await pngCard(browser, '手持证件照', '#3a6b35'),
  };
  const enterprise = await registerEnterprise(baseURL, {
    account: 'luqiao01', name: '福建省路桥建设有限公司', creditCode: '91350100M000100Y43', phone: '13900003301', contactPhone: '13900003311', photos,
  });
  const person = await registerPerson(baseURL, { account: 'zhangsan01', phone: '13900003302', manual: true });
  await submitPersonPhotos(baseURL, person.token, photos);
  const plainPerson = await registerPerson(baseURL, { account: 'lisi0002', phone: '13900003303' });
  // One item nobody has claimed, so the queue's default view (pending) has a row.
  const waiting = await registerPerson(baseURL, { account: 'wangwu03', phone: '13900003304', manual: true });
  await submitPersonPhotos(baseURL, waiting.token, photos);

  const tok = await staffToken(browser, baseURL, STAFF.reviewer.account);
  staffTokens.reviewer = tok;
  await decideOpen(baseURL, tok, 'realname', enterprise.account, 'PASS', '核验无误');
  await decideOpen(baseURL, tok, 'realname', person.account, 'NOT_PASS', '手持证件照模糊，请重新拍摄上传');
  await submitPersonPhotos(baseURL, person.token, photos);
  const personItem = await openItem(baseURL, tok, 'realname', person.account);

  await api(baseURL, 'PUT', '/api/account/update/information', { token: enterprise.token, body: { name: '福建省路桥集团有限公司' } });
  await decideOpen(baseURL, tok, 'change', enterprise.account, 'PASS', '名称变更材料齐全');
  const newLicence = await uploadPng(baseURL, enterprise.token, 'licence-new.png', photos.newLicence);
  await api(baseURL, 'PUT', '/api/account/businessLicense/edit', { token: enterprise.token, body: { licenseId: newLicence } });
  const changeItem = await openItem(baseURL, tok, 'change', enterprise.account);
  return { person, plainPerson, enterprise, personItem, changeItem };
}

/**
 * @typedef {object} SeededRun
 * @property {Seeded} seeded
 * @property {{ reviewer: string, administrator: string }} staffTokens
 */

/**
 * seedAll is seedData plus both staff members' tokens, with the two open items claimed by the
 * reviewer so their pages show the decision form.
 * @param {string} baseURL @param {import('playwright-core').Browser} browser
 * @returns {Promise<SeededRun>}
 */
export async function seedAll(baseURL, browser) {
  // The reviewer's token is the one seedData signed in with (a second sign-in through the
  // console's slider would only cost time).
  /** @type {{ reviewer?: string }} */
  const fromSeed = {};
  const seeded = await seedData(baseURL, browser, fromSeed);
  if (!fromSeed.reviewer) throw new Error('seedData left no reviewer token');
  const staffTokens = {
    reviewer: fromSeed.reviewer,
    administrator: await staffToken(browser, baseURL, STAFF.administrator.account),
  };
  for (const id of [seeded.personItem, seeded.changeItem]) {
    await api(baseURL, 'POST', `/api/admin/reviews/${id}/claim`, { token: staffTokens.reviewer });
  }
  return { seeded, staffTokens };
}

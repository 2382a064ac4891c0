// 登录设备管理 (docs/decisions/sessions-and-devices.md) in real Chromium against a real
// `bidpass serve --dev`: one account signs in from two browser contexts; the first sees both
// devices (本机 marked) and signs the other out; the other is sent to the login page on its next
// action. A sign-in from a new browser sends the new-device SMS, the same browser's next one does
// not; 登录记录 lists the sign-ins with the new devices marked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeCheck, createAccount, devOutbox, newPage, screenshot, signInThroughSlider, useOwnServer } from '../harness.mjs';

const own = useOwnServer('devices');

const devicesRoute = '/accountCenter/personal/devices';

/** signedIn is a new browser context signed in as a through the login page. */
async function signedIn(a) {
  const base = own.server.baseURL;
  const page = await newPage(own.browser, base, '/');
  await signInThroughSlider(page, base, a.account, a.password);
  await page.waitForFunction(() => localStorage.getItem('token'));
  return page;
}

test('two browsers: the first sees both devices and signs the other out, which is sent to the login page', async () => {
  const base = own.server.baseURL;
  const a = createAccount(own, { account: 'e2edevices', password: 'Abcdefg12345!', phone: '13711160001' });
  const other = await signedIn(a);
  const first = await signedIn(a);
  await first.setViewportSize({ width: 1440, height: 900 });
  await first.goto(`${base}/#${devicesRoute}`);
  const list = first.getByTestId('devices');
  await list.getByTestId('device').nth(1).waitFor();
  assert.equal(await list.getByTestId('device').count(), 2);
  const current = list.locator('[data-testid="device"][data-current="true"]');
  assert.equal(await current.count(), 1);
  await current.getByText('本机').waitFor();
  await list.getByText('密码').first().waitFor();
  await list.getByText('127.0.0.*').first().waitFor();
  await first.getByTestId('session-limits').getByText('30分钟无操作将自动退出登录').waitFor();
  await first.getByRole('menuitem', { name: '登录设备管理' }).waitFor();
  await screenshot(first, 'account-devices');

  await list.getByTestId('end-device').click();
  await first.getByRole('tooltip').getByText('确定让该设备退出登录吗？').waitFor();
  await screenshot(first, 'account-devices-end-confirm');
  await first.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
  await first.getByText('已退出该设备').waitFor();
  await list.locator('[data-testid="device"]').nth(1).waitFor({ state: 'detached' });
  assert.equal(await list.getByTestId('device').count(), 1);
  await screenshot(first, 'account-devices-after-end');

  // The other context's next action: its session is refused and it lands on the login page.
  await other.goto(`${base}/#${devicesRoute}`);
  await other.getByTestId('login-submit').waitFor();
  assert.equal(await other.evaluate(() => localStorage.getItem('token')), null);
  // The first context still works.
  await first.reload();
  await list.getByTestId('device').first().waitFor();

  assert.deepEqual(first.problems, []);
  assert.deepEqual(other.problems.filter((m) => !/status of 401/.test(m)), []);
  await first.context().close();
  await other.context().close();
});

/** newDeviceNotices are the new-device notices to phone in the dev outbox. */
async function newDeviceNotices(phone) {
  return (await devOutbox(own.server.baseURL)).filter((m) => m.to === phone && m.scene === 'new_device');
}

test('a new browser gets the new-device SMS, the known one does not, and 登录记录 lists both', async () => {
  const base = own.server.baseURL;
  const phone = '13711160002';
  const a = createAccount(own, { account: 'e2edevhist', password: 'Abcdefg12345!', phone });
  const first = await signedIn(a);
  const sent = await newDeviceNotices(phone);
  assert.equal(sent.length, 1, 'the first browser\'s sign-in sends one notice');
  assert.match(sent[0].text, /在新设备（Chrome \d+，Linux，127\.0\.0\.\*）登录。如非本人操作，请立即修改密码并退出其他设备/);

  // The same browser signs in again (its token forgotten, its device cookie kept): no notice.
  await first.evaluate(() => localStorage.clear());
  await first.goto(`${base}/#/`);
  await signInThroughSlider(first, base, a.account, a.password);
  await first.waitForFunction(() => localStorage.getItem('token'));
  assert.equal((await newDeviceNotices(phone)).length, 1, 'the known browser sent a notice');

  const second = await signedIn(a);
  assert.equal((await newDeviceNotices(phone)).length, 2, 'another browser sends its own notice');

  await second.setViewportSize({ width: 1440, height: 900 });
  await second.goto(`${base}/#${devicesRoute}`);
  const history = second.getByTestId('sign-in-history');
  await history.getByText('登录成功').nth(2).waitFor();
  assert.equal(await history.getByText('新设备').count(), 2);
  await second.getByText('近 90 天的登录和登录失败记录').waitFor();
  await history.scrollIntoViewIfNeeded();
  await screenshot(second, 'account-devices-history');
  await axeCheck(second, 'account devices with the sign-in history');

  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
  await first.context().close();
  await second.context().close();
});

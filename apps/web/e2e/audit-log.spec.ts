import { readFile } from 'node:fs/promises';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { newAdmin, uniquePhone, PASSWORD } from './people';
import { clickOnceAtRest } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const texts = en.audit;

test('an administrator changes a role, finds it in the audit log, filters by action and downloads the CSV', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  const admin = await newAdmin(request, 'Audit Admin');
  await grantProducts(admin.domain, 'settcntr');
  // a member handed out by the administrator, whose role the administrator then changes in the browser
  const phone = uniquePhone();
  const created = await request.post(settingsCalls.createMember.path, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { account: `a${phone}`, nickname: 'Rita Role', password: PASSWORD, phone },
  });
  expect((await created.json()).code).toBe(0);
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=members');
  await page.getByRole('button', { name: 'Edit Rita Role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: en.settings.members.role }).click();
  await page.getByTitle(en.settings.members.roleAdmin, { exact: true }).click();
  await dialog.getByRole('button', { name: en.settings.save }).click();
  await expect(page.getByText(en.settings.members.updated)).toBeVisible();

  await page.getByRole('tab', { name: texts.tab }).click();
  await expect(page).toHaveURL(/tab=audit/);
  const change = page.getByRole('row', { name: new RegExp(texts.actions.member.update) });
  await expect(change).toContainText('Audit Admin');
  await expect(change).toContainText('Member: Rita Role · Role: Member → Administrator');
  await expect(page.getByRole('row', { name: new RegExp(texts.actions.member.create) })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: screenshotPath('settings-audit-dark'), fullPage: true, animations: 'disabled' });

  // only the role change is left once the action is chosen
  await page.getByRole('combobox', { name: texts.filters.action }).click();
  await page.getByTitle(texts.actions.member.update, { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(texts.actions.member.create) })).toHaveCount(0);
  await expect(change).toBeVisible();
  await expect(page.getByText('1 event', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.export }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}\.csv$/);
  const file = await readFile((await download.path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.subarray(3).toString('utf8').split('\r\n');
  // the time column names the zone its times are in: the browser's
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(lines[0]).toBe(`Time (${zone}),Person,Person ID,Action,Action code,IP address,Details`);
  expect(lines.filter(Boolean)).toHaveLength(2);
  expect(lines[1]).toContain(`,Audit Admin,`);
  expect(lines[1]).toContain(`,${texts.actions.member.update},member.update,`);
  await expect(page.getByText(texts.exported)).toBeVisible();

  // the export is on record too, and the log reads well in the light theme and on a phone
  await page.getByRole('combobox', { name: texts.filters.action }).click();
  await page.getByTitle(texts.actions.audit.export, { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(texts.actions.audit.export) })).toContainText('1 row');
  await page.getByRole('button', { name: /User menu/ }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Light theme' }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('combobox', { name: texts.filters.person })).toBeVisible();
  // the table scrolls inside its card; the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.mouse.move(0, 0);
  await expectAccessible(page);
});

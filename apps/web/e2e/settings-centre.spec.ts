import type { Page } from '@playwright/test';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { PASSWORD, latestCode, newAdmin, newMember, uniquePhone } from './people';
import { clickOnceAtRest, createAccountMember } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const TABS = ['members', 'departments', 'invitations', 'branding'] as const;

/** A 1x1 PNG: the server checks the content, so the bytes must really be one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openTab(page: Page, tab: (typeof TABS)[number]) {
  await page.getByRole('tab', { name: en.settings.tabs[tab] }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
  // each tab has loaded when its table (or the branding form) is there without a spinner
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The whole page from its top, with transitions (the tabs' ink bar) finished. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true, animations: 'disabled' });
}

async function confirmIn(page: Page, button: string) {
  await clickOnceAtRest(page.getByRole('dialog').getByRole('button', { name: button, exact: true }));
}

test('an administrator invites into a new department; the new member lands there and keeps it from deletion', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  // two people sign up, and every tab is scanned in both themes
  test.slow();
  const admin = await newAdmin(request, 'Settings Admin');
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/settings?tab=departments');
  await expect(page.getByRole('heading', { name: en.products.settcntr.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: en.settings.departments.create }).click();
  await page.getByRole('dialog').getByLabel(en.settings.departments.name).fill('Field Team');
  await confirmIn(page, en.settings.departments.createSubmit);
  await expect(page.getByRole('row', { name: /Field Team/ })).toBeVisible();

  await openTab(page, 'invitations');
  await page.getByRole('button', { name: en.settings.invitations.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en.settings.invitations.department).click();
  await page.getByTitle('Field Team').click();
  await confirmIn(page, en.settings.invitations.createSubmit);
  const linkDialog = page.getByRole('dialog', { name: en.settings.invitations.linkTitle });
  const url = await linkDialog.getByLabel(en.settings.invitations.link, { exact: true }).inputValue();
  expect(url).toMatch(/\/register-common-ordinary\?referralId=[\w-]+$/);
  await expect(linkDialog.getByRole('img', { name: en.settings.invitations.qrLabel })).toBeVisible();
  await linkDialog.getByRole('button', { name: en.settings.invitations.copy }).click();
  await expect(page.getByText(en.common.copySuccess)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page);
  await screenshot(page, 'settings-invitation-link-dark');
  await linkDialog.getByRole('button', { name: en.settings.invitations.done }).click();
  await expect(page.getByRole('row', { name: /Member invitation/ })).toContainText(
    `${en.settings.invitations.statuses.valid}0 / 1`,
  );

  // someone else, in a browser of their own, registers through the link
  const joiner = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '127.0.99.1' } });
  await joiner.addCookies([{ name: 'langCode', value: 'en-US', url: baseURL! }]);
  const joinerPage = await joiner.newPage();
  const phone = uniquePhone();
  const { pathname, search } = new URL(url);
  await joinerPage.goto(pathname + search);
  await joinerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await joinerPage.getByLabel('Phone number').fill(phone);
  await joinerPage.getByRole('button', { name: 'Get code' }).click();
  await expect(joinerPage.getByRole('button', { name: /Resend in/ })).toBeVisible();
  await joinerPage.getByLabel('Verification code').fill(await latestCode(request, phone));
  await joinerPage.getByRole('button', { name: 'Next' }).click();
  await joinerPage.getByLabel('Name', { exact: true }).fill('Field Worker');
  await joinerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await joinerPage.getByLabel('Confirm password').fill(PASSWORD);
  await joinerPage.getByRole('button', { name: 'Complete registration' }).click();
  await expect(joinerPage.getByRole('heading', { name: 'Registration complete' })).toBeVisible();
  await joiner.close();

  await page.goto('/settings?tab=members');
  await expect(page.getByRole('row', { name: /Field Worker/ })).toContainText('Field Team');
  await expectAccessible(page);
  await screenshot(page, 'settings-members-dark');

  await openTab(page, 'invitations');
  await expect(page.getByRole('row', { name: /Member invitation/ })).toContainText(
    `${en.settings.invitations.statuses.used}1 / 1`,
  );
  await expectAccessible(page);
  await screenshot(page, 'settings-invitations-dark');

  await openTab(page, 'departments');
  // a department with members offers no Delete that would be refused, and says why
  const removeFieldTeam = page.getByRole('button', { name: 'Delete Field Team' });
  await expect(removeFieldTeam).toBeDisabled();
  await expect(removeFieldTeam).toHaveAccessibleDescription(en.settings.departments.membersUndeletable);
  await expect(
    page
      .getByRole('row', { name: /Field Team/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expectAccessible(page);
  await screenshot(page, 'settings-departments-dark');

  await page.getByRole('button', { name: /User menu/ }).click();
  await clickOnceAtRest(page.getByRole('menuitem', { name: 'Light theme' }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  for (const tab of TABS) {
    await openTab(page, tab);
    await expectAccessible(page);
  }
  await openTab(page, 'members');
  await screenshot(page, 'settings-members-light');
});

test('the icon: a GIF or an over-size file is refused with the reason, a PNG becomes the favicon', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, 'Branding Admin');
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=branding');
  const favicon = page.locator('link[rel~="icon"]');
  // the page wears the company's branding (its icon, the built-in one until it has its own) once loaded
  await expect(favicon).toHaveAttribute('href', /\/personalization\/icon\/\d+\?v=\d+$/);
  const before = await favicon.getAttribute('href');
  const file = page.getByTestId('icon-file');
  // the reason shows next to the upload button, and only there: a server refusal raises no toast
  const problem = (text: string) => page.getByRole('alert').filter({ hasText: text });

  await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(problem(en.validation.imageType)).toBeVisible();
  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(problem('Image must smaller than 5MB')).toBeVisible();
  await expectAccessible(page);
  // a file that only claims to be a PNG passes the browser's check; the server reads its content
  await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(problem(en.validation.imageType)).toBeVisible();
  await expect(favicon).toHaveAttribute('href', before!);

  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(en.settings.branding.iconUploaded)).toBeVisible();
  await expect(favicon).not.toHaveAttribute('href', before!);
  await expect(favicon).toHaveAttribute('href', /\/personalization\/icon\/\d+\?v=\d+$/);

  await page.getByLabel(en.settings.branding.platformNameEn).fill('Sunrise Power');
  await page.getByRole('button', { name: en.settings.save }).click();
  await expect(page.getByText(en.common.saveSuccess)).toBeVisible();
  await expect(page).toHaveTitle('Sunrise Power');
  await expectAccessible(page);
  await screenshot(page, 'settings-branding-dark');
});

test('a member of the company opening the settings centre lands on NoAuth', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request);
  await grantProducts(admin.domain, 'settcntr');
  const member = await newMember(request, admin.domain);
  await useSession(context, member.token, baseURL!);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/noAuth$/);
  await expect(page.getByRole('heading', { name: en.web.noAuth.title })).toBeVisible();
});

test('a member with a 50-unit name keeps Edit and Remove in view at 1440 px, the whole name in a tooltip', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await newAdmin(request, 'Wide Admin');
  // 25 CJK characters are 50 name units, the longest valid name
  const longName = '能'.repeat(25);
  await createAccountMember(request, admin, longName);
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=members');
  const row = page.getByRole('row', { name: new RegExp(longName) });
  for (const action of [`Edit ${longName}`, `Remove ${longName}`]) {
    const button = row.getByRole('button', { name: action });
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await row.getByText(longName).hover();
  await expect(page.getByRole('tooltip', { name: longName })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${longName}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the default department offers no Delete that cannot work, and says why', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, 'Default Admin');
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=departments');
  const remove = page.getByRole('button', { name: /^Delete / });
  await expect(remove).toHaveCount(1);
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(en.settings.departments.defaultUndeletable);
  await remove.hover({ force: true });
  await expect(page.getByRole('tooltip', { name: en.settings.departments.defaultUndeletable })).toBeVisible();
});

import { MESSAGES } from '@portal/shared/locales/catalog';
import { newAdmin, newMember } from './people';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

test('at 360 px an owner registers a site and shares it; the other company assigns a person to it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await newAdmin(request, 'Site Owner');
  const partner = await newAdmin(request, 'Partner Admin');
  const technician = await newMember(request, partner.domain, 'Field Technician');
  for (const company of [owner, partner]) await grantProducts(company.domain, 'settcntr', 'esguard');
  await useSession(page.context(), owner.token, baseURL!);

  // the owner registers a site, by keyboard from the name on
  await page.goto('/settings?tab=sites');
  await expect(page.getByRole('tab', { name: en.sites.tab, selected: true })).toBeVisible();
  await page.getByRole('button', { name: en.sites.list.create }).click();
  const form = page.getByRole('dialog', { name: en.sites.form.createTitle });
  await form.getByLabel(en.sites.form.name).fill('Harbour Storage');
  await form.getByLabel(en.sites.form.region).fill('Shenzhen');
  await form.getByLabel(en.sites.form.ratedEnergy).fill('800');
  await form.getByRole('checkbox', { name: en.products.esguard.name }).check();
  await form.getByRole('button', { name: en.sites.form.createSubmit }).click();
  await expect(page.getByText(en.sites.form.created)).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Harbour Storage' });
  await expect(card).toContainText(en.products.esguard.name);
  // nothing wider than the phone: the page does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // and shares it with the partner as O&M, until a date, with share-on
  await card.getByRole('button', { name: en.sites.list.share }).click();
  const share = page.getByRole('dialog', { name: en.sites.share.title.replace('{{name}}', 'Harbour Storage') });
  await share.getByLabel(en.sites.share.domain).fill(partner.domain);
  await share.getByLabel(en.sites.share.endsAt).fill('2030-06-30T18:00');
  await share.getByRole('checkbox', { name: en.sites.share.mayShare }).check();
  await share.getByRole('button', { name: en.sites.share.submit, exact: true }).click();
  await expect(page.getByText(/^Shared with Test Company/)).toBeVisible();
  await card.getByRole('button', { name: en.sites.list.chain }).click();
  const chain = page.getByRole('dialog', { name: en.sites.chain.title.replace('{{name}}', 'Harbour Storage') });
  await expect(chain.getByRole('listitem')).toHaveCount(1);
  await expect(chain.getByRole('listitem')).toContainText(partner.domain);
  await expect(chain.getByRole('listitem')).toContainText(en.sites.templates.technician);
  // the link to ask for the site, and the same link as a QR code to put up at the site
  await expect(chain.getByRole('img', { name: /\/site-access\?site=site_/ })).toBeVisible();
  await expectAccessible(page);

  // the partner's administrator sees it under "Shared with us" and gives it to their technician
  const other = await browser.newContext({ baseURL, viewport: PHONE });
  await useSession(other, partner.token, baseURL!);
  const partnerPage = await other.newPage();
  await partnerPage.goto('/settings?tab=shared-with-us');
  const held = partnerPage.getByRole('listitem', { name: 'Harbour Storage' });
  await expect(held).toContainText(en.sites.statuses.active);
  await expect(held).toContainText(en.sites.templates.technician);
  await held.getByRole('button', { name: en.sites.shared.assign }).click();
  const drawer = partnerPage.getByRole('dialog', {
    name: en.sites.assign.title.replace('{{name}}', 'Harbour Storage'),
  });
  await expect(drawer.getByText(en.sites.assign.empty)).toBeVisible();
  const person = drawer.getByRole('combobox', { name: en.sites.assign.person });
  await person.click();
  await person.pressSequentially('Field');
  // chosen by the keyboard once the server's match is offered, and the form sent by Enter on its button
  // every keystroke asks the server: Enter waits until the last answer is in and its match is the
  // active option, since an answer arriving later draws the list anew under the keypress
  await expect(drawer.locator('.anticon-loading')).toHaveCount(0);
  await expect(partnerPage.locator('.ant-select-item-option-active', { hasText: technician.nickname })).toBeVisible();
  await partnerPage.keyboard.press('Enter');
  await expect(drawer.getByTitle(technician.nickname)).toBeVisible();
  await drawer.getByRole('button', { name: en.sites.assign.submit }).focus();
  await partnerPage.keyboard.press('Enter');
  await expect(partnerPage.getByText(en.sites.assign.added.replace('{{name}}', technician.nickname))).toBeVisible();
  await expect(drawer.getByRole('listitem', { name: technician.nickname })).toContainText(
    en.sites.templates.technician,
  );
  expect(await partnerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(partnerPage);
  await other.close();
});

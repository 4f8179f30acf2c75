import { addClient, fixtureContext } from '@portal/server/test-kit';
import { AUTHZEN_PATHS } from '@portal/shared/api/contract/authzen';
import { siteCalls } from '@portal/shared/api/contract/sites';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { succeed } from './call';
import { DATABASE, connection, database } from './database';
import { newAdmin, newMember } from './people';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const PHONE = { width: 360, height: 740 };
const HOUR = 3_600_000;

test.use({ viewport: PHONE });

test('at 360 px a technician asks for a site for 4 hours; the owner approves 2; the decision point follows', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await newAdmin(request, 'Site Owner');
  const theirs = await newAdmin(request, 'Service Admin');
  const technician = await newMember(request, theirs.domain, 'Night Technician');
  for (const company of [owner, theirs]) await grantProducts(company.domain, 'settcntr', 'esguard');
  const site = await succeed(request, siteCalls.createSite, {
    token: owner.token,
    body: {
      name: 'Bay Storage',
      kind: 'storage',
      region: 'Shenzhen',
      timeZone: 'Asia/Shanghai',
      productCodes: ['esguard'],
    },
  });

  // the product's own client asks the decision point whether the technician may operate the site
  const ctx = fixtureContext(connection(), { publicUrl: baseURL!, databaseUrl: `sqlite:${DATABASE}` });
  const { client, secret } = await addClient(ctx, {
    productCode: 'esguard',
    environment: `e2e-requests-${Date.now()}`,
    name: 'Storage Manager',
    redirectUris: ['http://127.0.0.1:9/callback'],
    firstParty: true,
  });
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret!)}`).toString('base64')}`;
  const decision = async () => {
    const response = await request.post(`${baseURL}${AUTHZEN_PATHS.evaluation}`, {
      headers: { authorization: basic },
      data: {
        subject: { type: 'user', id: String(technician.id) },
        resource: { type: 'site', id: site.siteId },
        action: { name: 'operate' },
      },
    });
    return ((await response.json()) as { decision: boolean }).decision;
  };
  expect(await decision()).toBe(false);

  // the technician opens the link the site's page shows and asks for 4 hours
  await useSession(page.context(), technician.token, baseURL!);
  await page.goto(`/site-access?site=${site.siteId}`);
  await expect(page.getByRole('heading', { name: en.sites.access.title })).toBeVisible();
  await expect(page.getByLabel(en.sites.access.site)).toHaveValue(site.siteId);
  await page.getByLabel(en.sites.access.hours).fill('4');
  await page.getByLabel(en.sites.access.reason).fill('Inverter alarm at the battery room');
  await page.getByRole('button', { name: en.sites.access.submit }).click();
  await expect(page.getByText(en.sites.access.sent)).toBeVisible();
  const mine = page.getByRole('listitem', { name: 'Bay Storage' });
  await expect(mine).toContainText(en.sites.access.statusOpen);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);

  // the owner's administrator, on a phone, sees the badge and approves it for 2 hours
  const other = await browser.newContext({ baseURL, viewport: PHONE });
  await useSession(other, owner.token, baseURL!);
  const ownerPage = await other.newPage();
  await ownerPage.goto('/settings?tab=sites');
  await expect(ownerPage.getByLabel(en.sites.requests.badgeLabel_one!.replace('{{count}}', '1'))).toBeVisible();
  const asked = ownerPage.getByRole('listitem', { name: 'Night Technician' });
  await expect(asked).toContainText('Bay Storage');
  await expect(asked).toContainText('Inverter alarm at the battery room');
  await asked.getByRole('button', { name: en.sites.requests.approve }).click();
  const dialog = ownerPage.getByRole('dialog');
  await dialog.getByLabel(en.sites.requests.approveHours).fill('2');
  await dialog.getByRole('button', { name: en.sites.requests.approve }).click();
  await expect(ownerPage.getByText(/^Approved: the grant ends by itself/)).toBeVisible();
  await expect(ownerPage.getByRole('listitem', { name: 'Night Technician' })).toHaveCount(0);
  expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(ownerPage);
  await other.close();

  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Bay Storage' })).toContainText(en.sites.access.statusApproved);
  expect(await decision()).toBe(true);

  // two hours later, with nobody acting: the server's clock cannot be moved from here, so the grant
  // and the assignment the approval made are aged by those two hours in its database
  const grant = await database()
    .selectFrom('site_grants')
    .innerJoin('sites', 'sites.id', 'site_grants.site_id')
    .select(['site_grants.id', 'site_grants.ends_at'])
    .where('sites.public_id', '=', site.siteId)
    .executeTakeFirstOrThrow();
  const aged = Number(grant.ends_at) - 2 * HOUR;
  await database()
    .updateTable('site_grants')
    .set({ ends_at: aged, starts_at: aged - 2 * HOUR })
    .where('id', '=', grant.id)
    .execute();
  await database().updateTable('site_assignments').set({ ends_at: aged }).where('grant_id', '=', grant.id).execute();
  expect(await decision()).toBe(false);
});

import { siteCalls } from '@portal/shared/api/contract/sites';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { succeed } from './call';
import { startProductApp } from './openid-product';
import { newAdmin, newMember } from './people';
import { grantProducts, useSession } from './product-rights';
import { SITE_PRODUCT_PORT, SITE_PRODUCT_URL } from './site-product';
import { expectAccessible, useLanguage } from './support';
import { expect, test } from './test';

const zh = MESSAGES['zh-CN'];
const en = MESSAGES['en-US'];
const PHONE = { width: 360, height: 740 };
/** A product must learn of a revoke within this long (docs/site-grants.md#events-and-audit). */
const REVOKE_HEARD_MS = 5000;

test.use({ viewport: PHONE });

/**
 * A site shared down a chain, from the launcher's card to the product's token and the decision point,
 * and gone everywhere once the owner revokes the link above: the person's card, the product's
 * decision, its renewed token, with the event at the product's webhook endpoint.
 */
test('a site shared A → B → C opens in the product from its card, and a revoke ends it everywhere', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  const { app: product, stop } = await startProductApp(baseURL!, {
    product: 'mgguard',
    port: SITE_PRODUCT_PORT,
    resource: () => SITE_PRODUCT_URL,
    events: ['site_grant.revoked', 'site_grant.expired'],
  });
  try {
    const [owner, partner, third] = [
      await newAdmin(request, 'Site Owner'),
      await newAdmin(request, 'O&M Partner'),
      await newAdmin(request, 'Third Company'),
    ];
    for (const company of [owner, partner, third]) await grantProducts(company.domain, 'settcntr', 'mgguard');
    const technician = await newMember(request, third.domain, 'Field Technician');

    // A registers the site and shares it with B as O&M until a date, with share-on; B shares it on to
    // C as a narrower template; C assigns its technician
    const site = await succeed(request, siteCalls.createSite, {
      token: owner.token,
      body: {
        name: 'Harbour Microgrid',
        kind: 'microgrid',
        region: 'CN-GD',
        timeZone: 'Asia/Shanghai',
        ratedPowerKw: 1200,
        productCodes: ['mgguard'],
      },
    });
    const {
      grants: [toPartner],
    } = await succeed(request, siteCalls.shareSites, {
      token: owner.token,
      body: {
        siteIds: [site.siteId],
        domain: partner.domain,
        template: 'technician',
        mayShare: true,
        endsAt: '2030-06-30T10:00:00.000Z',
      },
    });
    const {
      grants: [toThird],
    } = await succeed(request, siteCalls.shareOn, {
      token: partner.token,
      body: {
        grantIds: [toPartner!.grantId],
        domain: third.domain,
        template: 'operator',
        endsAt: '2030-03-31T10:00:00.000Z',
      },
    });
    await succeed(request, siteCalls.addAssignment, {
      token: third.token,
      body: { grantId: toThird!.grantId, userId: technician.id, template: 'operator' },
    });

    // the technician's home, in Chinese first: the card says product · site · until
    await useSession(context, technician.token, baseURL!, 'zh-CN');
    await page.goto('/home');
    const zhCard = page.getByTestId('site-card');
    await expect(zhCard.getByRole('link', { name: 'Harbour Microgrid' })).toBeVisible();
    await expect(zhCard).toContainText(`${zh.products.mgguard.name} · ${zh.sites.templates.operator} · 截至`);
    await expect(page.getByRole('heading', { name: zh.web.home.sitesLabel })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // then in English, keyboard only: the card's link is reached by Tab and opened by Enter
    await useLanguage(context, 'en-US', baseURL!);
    await page.reload();
    const card = page.getByTestId('site-card');
    await expect(card).toContainText(`${en.products.mgguard.name} · ${en.sites.templates.operator} · until`);
    await expect(page.getByRole('heading', { name: en.web.home.sitesLabel })).toBeVisible();
    await expectAccessible(page);
    const link = card.getByRole('link', { name: 'Harbour Microgrid' });
    await expect(link).toHaveAttribute('href', new RegExp(`^/mg\\?productId=\\d+&siteId=${site.siteId}$`));
    await link.focus();
    await page.keyboard.press('Enter');

    // the product signs the person in through the portal and opens on the site: its token names the
    // site, and the decision point says the person may view it
    await expect(page).toHaveURL(`${product.url}/?siteId=${site.siteId}`);
    await expect(page.getByTestId('who')).toHaveText('Field Technician');
    await expect(page.getByTestId('site-name')).toHaveText('Harbour Microgrid');
    await expect(page.getByTestId('site-template')).toHaveText('operator');
    await expect(page.getByTestId('site-decision')).toHaveText('yes');
    await expect(page.getByTestId('token-sites')).toContainText('Harbour Microgrid');

    // A revokes B's grant: C's, made from it, ends with it
    const revoked = await succeed(request, siteCalls.revokeGrant, {
      token: owner.token,
      body: { grantId: toPartner!.grantId },
    });
    expect(revoked.ended).toEqual([toPartner!.grantId, toThird!.grantId]);

    // within 5 s the product's next decision is no, and its endpoint has heard of the revoke
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('site-decision')).toHaveText('no', { timeout: 500 });
    }).toPass({ timeout: REVOKE_HEARD_MS });
    const events = await context.newPage();
    await expect(async () => {
      await events.goto(`${product.url}/portal-events`);
      await expect(events.getByTestId('portal-event').filter({ hasText: toThird!.grantId }).first()).toContainText(
        'site_grant.revoked',
        { timeout: 500 },
      );
    }).toPass({ timeout: REVOKE_HEARD_MS });
    await events.close();

    // a renewed token names the site no more
    await page.getByRole('button', { name: 'Renew the tokens' }).click();
    await expect(page.getByTestId('token-sites')).toHaveText('The access token names no site.');
    await expect(page.getByTestId('site-decision')).toHaveText('no');

    // and the card is gone from the portal's home
    await page.goto(`${baseURL}/home`);
    await expect(
      page.getByRole('heading', { name: en.web.home.greeting.replace('{{name}}', 'Field Technician') }),
    ).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('site-card')).toHaveCount(0);
  } finally {
    await stop();
  }
});

import { deviceCalls } from '@portal/shared/api/contract/devices';
import { siteCalls } from '@portal/shared/api/contract/sites';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { succeed } from './call';
import { newAdmin } from './people';
import { reloadInTheme } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const PHONE = { width: 360, height: 740 };
const SERIAL = 'GW-E2E-0001';
/** The one-time code the gateway shows on its display, as the person types it. */
const GATEWAY_CODE = 'ab12-cd34';
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, value), text);

test.use({ viewport: PHONE });

test("at 360 px an owner's administrator claims a gateway, sees its credential once, and un-claims it", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await newAdmin(request, 'Gateway Owner');
  await grantProducts(owner.domain, 'settcntr', 'esguard');
  await succeed(request, siteCalls.createSite, {
    token: owner.token,
    body: { name: 'Relay Yard', kind: 'pv', region: 'Shenzhen', timeZone: 'Asia/Shanghai', productCodes: ['esguard'] },
  });
  await useSession(page.context(), owner.token, baseURL!);

  await page.goto('/settings?tab=sites');
  const card = page.getByRole('listitem', { name: 'Relay Yard' });
  await card.getByRole('button', { name: en.sites.list.chain }).click();
  const drawer = page.getByRole('dialog', { name: fill(en.sites.chain.title, { name: 'Relay Yard' }) });
  await expect(drawer.getByText(en.sites.devices.empty)).toBeVisible();

  // the serial as printed on the gateway, the code it shows; the site's one product is chosen already
  await drawer.getByRole('button', { name: en.sites.devices.claim }).click();
  const form = page.getByRole('dialog', { name: en.sites.devices.claimTitle });
  await form.getByLabel(en.sites.devices.serial).fill(SERIAL);
  await form.getByLabel(en.sites.devices.claimCode).fill(GATEWAY_CODE);
  await expect(form.getByTitle(en.products.esguard.name)).toBeVisible();
  await form.getByRole('button', { name: en.sites.devices.claimSubmit, exact: true }).click();

  // the claim credential, this once, with its ten minutes
  const shown = page.getByRole('dialog', { name: fill(en.sites.devices.claimedTitle, { serial: SERIAL }) });
  const credential = shown.getByLabel(en.sites.devices.claimedLabel);
  await expect(credential).toHaveValue(/^dcl_/);
  await expect(shown).toContainText(fill(en.sites.devices.claimedUntil_other.split('{{time}}')[0]!, { count: '10' }));
  const claim = await credential.inputValue();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await shown.getByRole('button', { name: en.integrations.done }).click();
  await expect(shown).toBeHidden();
  // nothing on the page holds it any more
  expect(await page.content()).not.toContain(claim);

  const listed = drawer.getByRole('listitem', { name: SERIAL });
  await expect(listed).toContainText(en.sites.devices.states.claimed);
  await expect(listed).toContainText(en.products.esguard.name);
  await expect(listed).toContainText(en.sites.devices.notExchanged);

  // the gateway exchanges what it was given, once, for its own client
  const client = await succeed(request, deviceCalls.exchangeDeviceClaim, {
    body: { claim, serial: SERIAL, claimCode: GATEWAY_CODE },
  });
  expect(client.clientId).toMatch(/^device\./);

  // un-claimed after a confirmation: its client stops, and the list says revoked
  await listed.getByRole('button', { name: fill(en.sites.devices.unclaimLabel, { serial: SERIAL }) }).click();
  const confirm = page.getByRole('dialog', { name: fill(en.sites.devices.unclaimTitle, { serial: SERIAL }) });
  await confirm.getByRole('button', { name: en.sites.devices.unclaimOk, exact: true }).click();
  await expect(page.getByText(fill(en.sites.devices.unclaimed, { serial: SERIAL }))).toBeVisible();
  await expect(listed).toContainText(en.sites.devices.states.revoked);
  await expect(listed.getByRole('button')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);

  // the section reads in both themes: the theme takes a reload, and the drawer is opened again
  for (const mode of ['light', 'dark'] as const) {
    await reloadInTheme(page, mode);
    await card.getByRole('button', { name: en.sites.list.chain }).click();
    await expect(listed).toContainText(en.sites.devices.states.revoked);
    await expect(drawer.getByRole('button', { name: en.sites.devices.claim })).toBeVisible();
    await expectAccessible(page);
  }
});

import * as oauth from 'oauth4webapi';
import { addClient, fixtureContext } from '@portal/server/test-kit';
import { contract } from '@portal/shared/api/contract';
import { THEME_MODES } from '@portal/shared/constants';
import { COOKIE_THEME } from '@portal/shared/cookies';
import { succeed } from './call';
import { DATABASE, connection } from './database';
import { newAdmin, newMember } from './people';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';
import { expect, test } from './test';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

/**
 * An EMS panel, as a device client written with oauth4webapi, signs a technician in by its code: the
 * technician opens the code's address on their phone, the portal's page names the site, and the
 * technician approves; the device, told to slow down when it polls too fast, gets a token for the
 * site's product.
 */
test('at 360 px a device signs a technician in by its code, on the site it names', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await newAdmin(request, 'Site Owner');
  const partner = await newAdmin(request, 'O&M Admin');
  const technician = await newMember(request, partner.domain, 'Field Technician');
  for (const company of [owner, partner]) await grantProducts(company.domain, 'settcntr', 'esguard');
  const site = await succeed(request, contract.createSite, {
    token: owner.token,
    body: {
      name: 'Harbour Storage',
      kind: 'storage',
      region: 'Shenzhen',
      timeZone: 'Asia/Shanghai',
      productCodes: ['esguard'],
    },
  });
  const [grant] = (
    await succeed(request, contract.shareSites, {
      token: owner.token,
      body: { siteIds: [site.siteId], domain: partner.domain, template: 'operator' },
    })
  ).grants;
  await succeed(request, contract.addAssignment, {
    token: partner.token,
    body: { grantId: grant!.grantId, userId: technician.id, template: 'operator' },
  });

  const ctx = fixtureContext(connection(), { publicUrl: baseURL!, databaseUrl: `sqlite:${DATABASE}` });
  const { client } = await addClient(ctx, {
    productCode: 'esguard',
    environment: `panel${Date.now()}`,
    name: 'EMS Panel',
    redirectUris: ['http://127.0.0.1:9/callback'],
    firstParty: true,
    public: true,
    device: true,
  });
  const issuer = new URL(baseURL!);
  const options = { [oauth.allowInsecureRequests]: true } as const;
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
  const device = { client_id: client.clientId };
  const started = await oauth.processDeviceAuthorizationResponse(
    as,
    device,
    await oauth.deviceAuthorizationRequest(
      as,
      device,
      oauth.None(),
      new URLSearchParams({ scope: 'openid product', resource: `${baseURL}/es`, site_id: site.siteId }),
      options,
    ),
  );
  const poll = async () =>
    oauth.processDeviceCodeResponse(
      as,
      device,
      await oauth.deviceCodeGrantRequest(as, device, oauth.None(), started.device_code, options),
    );
  // at once, sooner than its interval
  await expect(poll()).rejects.toMatchObject({ error: 'slow_down' });

  await useSession(page.context(), technician.token, baseURL!);
  // the code page without the code: a labelled input of a thumb's height, drawn under the page's policy
  await page.goto('/oidc/device');
  const code = page.getByLabel('Code');
  await expect(code).toBeFocused();
  expect((await code.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);

  // the address with the code goes straight to the confirmation: approving is the person's own step
  await page.goto(started.verification_uri_complete!);
  await expect(page.getByRole('heading', { name: 'Confirm the device sign-in' })).toBeVisible();
  await expect(page.getByText('Harbour Storage')).toBeVisible();
  await expect(page.getByText(started.user_code)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The device is signed in')).toBeVisible();

  // the device waits out its grown interval, as it was told
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  const tokens = await poll();
  const access = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as {
    aud: string;
    sites: { id: string }[];
  };
  expect(access.aud).toBe(`${baseURL}/es`);
  expect(access.sites.map((s) => s.id)).toContain(site.siteId);
});

/** The code page's heading and its field's label, as a person of each language reads them. */
const CODE_PAGE = {
  'zh-CN': { title: '设备登录', code: '代码', next: '继续' },
  'en-US': { title: 'Device sign-in', code: 'Code', next: 'Continue' },
  'de-DE': { title: 'Geräteanmeldung', code: 'Code', next: 'Weiter' },
  'es-ES': { title: 'Inicio de sesión del dispositivo', code: 'Código', next: 'Continuar' },
  'it-IT': { title: 'Accesso del dispositivo', code: 'Codice', next: 'Continua' },
  'ja-JP': { title: 'デバイスのサインイン', code: 'コード', next: '続行' },
} as const;

test('at 360 px the code page speaks each of the six languages, in both themes', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  const member = await newAdmin(request, 'Code Page Person');
  for (const [lang, text] of Object.entries(CODE_PAGE))
    for (const theme of THEME_MODES) {
      await useSession(context, member.token, baseURL!, lang);
      await context.addCookies([{ name: COOKIE_THEME, value: theme, url: baseURL! }]);
      await page.goto('/oidc/device');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
      await expect(page.getByLabel(text.code, { exact: true })).toBeFocused();
      await expect(page.getByRole('button', { name: text.next })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page);
      await page.screenshot({ path: screenshotPath(`device-code-${lang}-${theme}`), fullPage: true });
    }
});

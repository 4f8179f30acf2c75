import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { inviteLink, newMember } from './people';
import { PHONES, expectNoSidewaysScroll, expectTouchTargets } from './phone-checks';
import { reloadInTheme } from './portal-api';
import { ADMIN, expectAccessible, useLanguage } from './support';
import { expect, test } from './test';

/**
 * Every route of the app on a phone, in both themes: no sideways scroll, fingertip-sized controls and
 * no serious accessibility finding. Invitation links arrive by SMS and QR code, so many people meet
 * the portal first on a phone.
 */
type Who = 'nobody' | 'admin' | 'member';

interface Route {
  name: string;
  who: Who;
  /** The address; registration routes need a fresh link. */
  url(request: APIRequestContext): Promise<string> | string;
  /** What shows once the screen is ready. */
  ready(page: Page): ReturnType<Page['getByRole']>;
}

const heading = (page: Page) => page.getByRole('heading').first();

const ROUTES: Route[] = [
  { name: 'sign-in', who: 'nobody', url: () => '/login', ready: (page) => page.getByRole('tab', { name: 'Phone' }) },
  { name: 'password recovery', who: 'nobody', url: () => '/forget_password', ready: heading },
  { name: 'invalid link', who: 'nobody', url: () => '/register-invalidity', ready: heading },
  { name: 'no permission, signed out', who: 'nobody', url: () => '/noAuth', ready: heading },
  { name: 'not found', who: 'nobody', url: () => '/no-such-page', ready: heading },
  {
    name: 'administrator registration',
    who: 'nobody',
    url: async () => `/register-common-admin?referralId=${(await inviteLink('admin')).id}`,
    ready: heading,
  },
  {
    name: 'member registration',
    who: 'nobody',
    url: async () => `/register-common-ordinary?referralId=${(await inviteLink('member')).id}`,
    ready: heading,
  },
  {
    name: 'owner registration',
    who: 'nobody',
    url: async () => `/register-owner-enterprise?referralId=${(await inviteLink('owner')).id}`,
    ready: heading,
  },
  { name: 'home', who: 'admin', url: () => '/home', ready: (page) => page.getByTestId('product-card').first() },
  {
    name: 'home of a member',
    who: 'member',
    url: () => '/home',
    ready: (page) => page.getByTestId('product-card').first(),
  },
  { name: 'personal centre', who: 'admin', url: () => '/personal', ready: heading },
  { name: 'settings centre', who: 'admin', url: () => '/settings', ready: (page) => page.getByRole('table').first() },
  { name: 'phone verification', who: 'admin', url: () => '/vertify-phone', ready: heading },
  { name: 'product hand-off', who: 'admin', url: () => '/es', ready: heading },
  { name: 'no permission, signed in', who: 'member', url: () => '/noAuth', ready: heading },
];

async function signIn(request: APIRequestContext, context: BrowserContext, who: Who, baseURL: string) {
  if (who === 'nobody') return;
  let token: string;
  if (who === 'member') token = (await newMember(request)).token;
  else {
    const response = await request.post(signInCalls.login.path, {
      data: { loginType: 'password', identifierType: 'account', identifier: ADMIN.account, password: ADMIN.password },
    });
    token = ((await response.json()) as { data: { token: string } }).data.token;
  }
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

async function expectFitsPhone(page: Page) {
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);
  await expectAccessible(page);
}

for (const phone of PHONES) {
  test.describe(`at ${phone.name}`, () => {
    test.use({ viewport: phone.viewport, hasTouch: true, isMobile: true });

    for (const route of ROUTES) {
      test(`${route.name} fits the phone in both themes`, async ({ page, context, request, baseURL }) => {
        await useLanguage(context, 'en-US', baseURL!);
        await signIn(request, context, route.who, baseURL!);
        await page.goto(await route.url(request));
        await expect(route.ready(page)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await expectFitsPhone(page);

        await reloadInTheme(page, 'light');
        await expect(route.ready(page)).toBeVisible();
        await expectFitsPhone(page);
      });
    }

    test('the navigation opens in a drawer and leads to the personal centre', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await useLanguage(context, 'en-US', baseURL!);
      await signIn(request, context, 'admin', baseURL!);
      await page.goto('/home');
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expectFitsPhone(page);
      await drawer.getByRole('link', { name: 'Personal center' }).click();
      await expect(page).toHaveURL(/\/personal$/);
      await expect(drawer).toBeHidden();
    });
  });
}

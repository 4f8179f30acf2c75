import type { Page } from '@playwright/test';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { type Invitation, inviteLink } from './people';
import {
  expectActionsInView,
  expectBrandWhole,
  expectCompactSteps,
  expectErrorsApart,
  expectNoSidewaysScroll,
  expectPlaceholdersFit,
  expectTabsApart,
  expectWordsWhole,
} from './phone-checks';
import { reloadInTheme } from './portal-api';
import { ADMIN, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

/**
 * Every screen a person can reach, on a small phone, in each of the six languages and both themes:
 * the words of each language have their own lengths (German runs long, Japanese has no spaces), and
 * what fits in one cuts, overlaps or tears in another. phones.spec.ts tries the touch sizes and the
 * accessibility scan in English; this sweep is about the words.
 */
const LANGUAGES = ['zh-CN', 'en-US', 'de-DE', 'es-ES', 'it-IT', 'ja-JP'] as const;
/** What each settings tab shows once it has loaded. */
const TAB_CONTENT = {
  members: 'table',
  departments: 'table',
  invitations: 'table',
  branding: 'button',
  audit: 'table',
  security: 'switch',
  webhooks: 'button',
  'api-keys': 'table',
} as const;
const SETTINGS_TABS = Object.keys(TAB_CONTENT) as (keyof typeof TAB_CONTENT)[];

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Links are read, not used: one of each kind serves every language. */
let links: Promise<Record<'admin' | 'member' | 'owner', Invitation>> | undefined;
function registrationLinks() {
  links ??= Promise.all([inviteLink('admin'), inviteLink('member'), inviteLink('owner')]).then(
    ([admin, member, owner]) => ({ admin, member, owner }),
  );
  return links;
}

async function expectWordsFit(page: Page, screen: string) {
  await expectNoSidewaysScroll(page);
  await expectTabsApart(page, screen);
  await expectBrandWhole(page, screen);
  await expectActionsInView(page, screen);
  await expectPlaceholdersFit(page, screen);
  await expectWordsWhole(page, screen);
  await expectCompactSteps(page, screen);
}

/** The checks in the theme the page is in, then in the other one (the stored preference, reloaded). */
async function sweep(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  for (let round = 0; round < 2; round += 1) {
    const theme = (await page.locator('html').getAttribute('data-theme')) as 'dark' | 'light';
    if (round === 1) {
      const other = theme === 'dark' ? 'light' : 'dark';
      await reloadInTheme(page, other);
      await ready(page);
    }
    const now = round === 0 ? theme : theme === 'dark' ? 'light' : 'dark';
    await page.screenshot({ path: screenshotPath(`${name}-${now}`), fullPage: true });
    await test.step(`${name} in the ${now} theme`, () => expectWordsFit(page, `${name} (${now})`));
  }
}

const shows = (what: (page: Page) => ReturnType<Page['locator']>) => async (page: Page) => {
  await expect(what(page)).toBeVisible();
};
const heading = shows((page) => page.getByRole('heading').first());

for (const lang of LANGUAGES) {
  test.describe(`in ${lang} at 360 px`, () => {
    test('the screens before sign-in keep their words whole', async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      await useLanguage(context, lang, baseURL!);
      const { admin, member, owner } = await registrationLinks();
      const screens: [string, string, (page: Page) => Promise<void>][] = [
        ['sign-in', '/login', shows((page) => page.getByRole('tab').first())],
        ['forgot-password', '/forget_password', heading],
        ['register-admin', `/register-common-admin?referralId=${admin.id}`, heading],
        ['register-member', `/register-common-ordinary?referralId=${member.id}`, heading],
        ['register-owner', `/register-owner-enterprise?referralId=${owner.id}`, heading],
        ['invalid-link', '/register-invalidity', heading],
        ['no-permission-signed-out', '/noAuth', heading],
        ['not-found', '/no-such-page', heading],
      ];
      for (const [name, url, ready] of screens) {
        await page.goto(url);
        await ready(page);
        await sweep(page, `phone-${lang}-${name}`, ready);
      }

      // the errors of an empty form, each with room before what follows it (one theme: a reload clears them)
      for (const [name, url] of [
        ['sign-in', '/login'],
        ['forgot-password', '/forget_password'],
      ] as const) {
        await page.goto(url);
        await page.locator('button[type="submit"]').first().click();
        await expect(
          page.locator('.ant-form-item-explain-error, [role="alert"][id$="-message"]:not(:empty)').first(),
        ).toBeVisible();
        await page.screenshot({ path: screenshotPath(`phone-${lang}-${name}-errors`), fullPage: true });
        await expectErrorsApart(page, `${name} errors`);
      }

      // the sign-in page's second face: an email and a code, each control with its longest words
      await page.goto('/login');
      await page.getByRole('tab').nth(1).click();
      await page.getByRole('tabpanel').locator('label:has(input[value="code"])').click();
      const codeForm = shows((page) => page.getByRole('tabpanel').locator('input[autocomplete="one-time-code"]'));
      await codeForm(page);
      await sweep(page, `phone-${lang}-sign-in-code`, async (page) => {
        await page.getByRole('tab').nth(1).click();
        await page.getByRole('tabpanel').locator('label:has(input[value="code"])').click();
        await codeForm(page);
      });
    });

    test('the signed-in screens keep their words whole', async ({ page, context, request, baseURL }) => {
      test.setTimeout(120_000);
      await useLanguage(context, lang, baseURL!);
      const response = await request.post(signInCalls.login.path, {
        data: { loginType: 'password', identifierType: 'account', identifier: ADMIN.account, password: ADMIN.password },
      });
      const { token } = ((await response.json()) as { data: { token: string } }).data;
      await context.addCookies([{ name: 'token', value: token, url: baseURL! }]);

      const screens: [string, string, (page: Page) => Promise<void>][] = [
        ['home', '/home', shows((page) => page.getByTestId('product-card').first())],
        ['personal', '/personal', heading],
        ['verify-phone', '/vertify-phone', heading],
        ['product-handoff', '/es', heading],
        ['no-permission-signed-in', '/noAuth', heading],
        ...SETTINGS_TABS.map((tab): [string, string, (page: Page) => Promise<void>] => [
          `settings-${tab}`,
          `/settings?tab=${tab}`,
          shows((page) => page.getByRole('tabpanel').getByRole(TAB_CONTENT[tab]).first()),
        ]),
      ];
      for (const [name, url, ready] of screens) {
        await page.goto(url);
        await ready(page);
        await sweep(page, `phone-${lang}-${name}`, ready);
      }

      // the navigation drawer: its menu lies on the drawer's own surface, not in an inset darker box
      const openDrawer = async (page: Page) => {
        await page.getByRole('button', { name: MESSAGES[lang].web.layout.openNavigation }).click();
        const menu = page.getByRole('dialog').getByRole('menu');
        await expect(menu).toBeVisible();
        await expect(menu).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
        // measured once it has slid in
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      };
      await page.goto('/home');
      await openDrawer(page);
      await sweep(page, `phone-${lang}-navigation`, openDrawer);
    });
  });
}

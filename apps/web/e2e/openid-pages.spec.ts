import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { contract } from '@portal/shared/api/contract';
import type { ThemeMode } from '@portal/shared/constants';
import { COOKIE_THEME, STORAGE_APP_PREFERENCES } from '@portal/shared/cookies';
import { expect, test } from './openid-product';
import { newAdmin } from './people';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible, screenshotPath } from './support';

/**
 * The provider's own sign-out confirmation: drawn in the portal's theme and
 * language from its cookies, in the web app's colours, naming the product and the platform as the
 * portal does, at a phone's width and a desktop's, with both of its buttons doing what they say.
 */

/** The theme a person chose in the web app, kept in the portal origin's storage (the other origins
 *  of the test, the product's, are left alone). */
async function choosePortalTheme(context: BrowserContext, baseURL: string, mode: ThemeMode) {
  await context.addInitScript(
    ([origin, key, value]) => {
      if (window.location.origin === origin) window.localStorage.setItem(key, value);
    },
    [new URL(baseURL).origin, STORAGE_APP_PREFERENCES, JSON.stringify({ mode })] as const,
  );
}

/** The web app's colours in `mode`, as the browser resolves its design tokens (the CSS variables it
 *  publishes on <html>): the reference the provider's page is held to. */
async function webAppColours(browser: Browser, baseURL: string, mode: ThemeMode) {
  const context = await browser.newContext();
  await choosePortalTheme(context, baseURL, mode);
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  const colours = await page.evaluate(() => {
    const resolve = (variable: string, property: 'color' | 'backgroundColor' = 'backgroundColor') => {
      const probe = document.createElement('div');
      probe.style[property] = getComputedStyle(document.documentElement).getPropertyValue(variable);
      document.body.append(probe);
      const value = getComputedStyle(probe)[property];
      probe.remove();
      return value;
    };
    return {
      layout: resolve('--portal-bg-layout'),
      card: resolve('--portal-bg-container'),
      primary: resolve('--portal-primary'),
      onPrimary: resolve('--portal-on-primary', 'color'),
      text: resolve('--portal-text', 'color'),
      focus: resolve('--portal-focus', 'color'),
    };
  });
  await context.close();
  return colours;
}

/** The portal's answer to who is signed in with `token`: 0 while the session lives. */
async function portalAnswer(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.get(contract.currentUser.path, { headers: { Authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { code: number }).code;
}

/** What the page draws: the colours of its background, card, text and primary button. */
async function pageColours(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      layout: style('body').backgroundColor,
      card: style('main').backgroundColor,
      text: style('body').color,
      primary: style('button.primary').backgroundColor,
      onPrimary: style('button.primary').color,
    };
  });
}

const LOOKS = [
  {
    mode: 'dark',
    lang: 'zh-CN',
    question: '要退出储能管家和智慧能源云平台吗？',
    signOut: '退出登录',
    stay: '保持登录',
  },
  {
    mode: 'light',
    lang: 'en-US',
    question: 'Sign out of Energy Storage Manager and the Smart Energy Cloud Platform?',
    signOut: 'Sign out',
    stay: 'Stay signed in',
  },
] as const;

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const look of LOOKS) {
      test(`the sign-out confirmation in the ${look.mode} theme and ${look.lang}: the portal's colours, names and buttons`, async ({
        browser,
        page,
        context,
        request,
        baseURL,
        productApp,
      }) => {
        const reference = await webAppColours(browser, baseURL!, look.mode);
        const admin = await newAdmin(request, 'Pages Person');
        await grantProducts(admin.domain, 'esguard');
        // signed in to the portal, in its language and theme: the web app's stored choice, and the
        // cookie it leaves for the server (which it writes again on every page of the sign-in)
        await useSession(context, admin.token, baseURL!, look.lang);
        await context.addCookies([{ name: COOKIE_THEME, value: look.mode, url: baseURL! }]);
        await choosePortalTheme(context, baseURL!, look.mode);

        await page.goto(productApp.url);
        await page.getByRole('link', { name: 'Sign in with the portal' }).click();
        await expect(page.getByTestId('who')).toHaveText('Pages Person');
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expect(page).toHaveURL((url) => url.href.startsWith(`${baseURL}/oidc/session/end`));

        await expect(page.locator('html')).toHaveAttribute('data-theme', look.mode);
        await expect(page.locator('html')).toHaveAttribute('lang', look.lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(look.signOut);
        await expect(page.getByText(look.question)).toBeVisible();
        const { focus, ...drawn } = reference;
        expect(await pageColours(page)).toEqual(drawn);
        // nothing to scroll sideways, and both buttons whole on the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        const signOut = page.getByRole('button', { name: look.signOut, exact: true });
        const stay = page.getByRole('button', { name: look.stay, exact: true });
        for (const button of [signOut, stay]) {
          const box = (await button.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        await expectAccessible(page);

        // the keyboard's focus shows, in the web app's focus colour
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus-visible');
        await expect(focused).toHaveCount(1);
        await expect(focused).toHaveCSS('outline-style', 'solid');
        await expect(focused).toHaveCSS('outline-color', focus);
        await page.screenshot({
          path: screenshotPath(`openid-sign-out-${look.mode}-${look.lang}-${viewport.width}`),
          fullPage: true,
        });

        if (look.mode === 'dark') {
          // "sign out": back at the product, and out of the portal too
          await signOut.click();
          await expect(page.getByTestId('signed-out')).toBeVisible();
          await expect(page).toHaveURL(`${productApp.url}/`);
          await expect.poll(() => portalAnswer(request, admin.token), { timeout: 5_000 }).not.toBe(0);
        } else {
          // "stay signed in": out of the product only; the portal session goes on
          await stay.click();
          await expect(page.getByTestId('signed-out')).toBeVisible();
          await expect(page).toHaveURL(`${productApp.url}/`);
          expect(await portalAnswer(request, admin.token)).toBe(0);
        }
      });
    }
  });
}

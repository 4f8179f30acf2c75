import type { Browser, BrowserContext } from '@playwright/test';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { succeed } from './call';
import { type Person, newMember } from './people';
import { expectAccessible, screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

/** How long a page load may take on a busy machine. */
const LOAD = 30_000;

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser of its own (its own cookies, client address and User-Agent), signed in as `person` in English. */
async function signedInBrowser(
  browser: Browser,
  baseURL: string,
  person: Person,
  userAgent: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const context = await browser.newContext({
    baseURL,
    userAgent,
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${octet()}` },
  });
  await useLanguage(context, 'en-US', baseURL);
  // the sign-in call from this browser, with its User-Agent and address
  const signedIn = await succeed(context.request, signInCalls.login, {
    body: { loginType: 'password', identifierType: 'phone', identifier: person.phone, password: person.password },
  });
  if (!('token' in signedIn)) throw new Error('the sign-in asked for a second step');
  await context.addCookies([{ name: 'token', value: signedIn.token, url: baseURL }]);
  return context;
}

test.describe('my sessions', () => {
  test('a person signs their other browser out, which is sent to the sign-in page at its next request', async ({
    browser,
    baseURL,
    request,
  }) => {
    // two browsers at once, each loading the personal centre, on a machine that may be busy
    test.setTimeout(90_000);
    const person = await newMember(request);
    // the person's first session ends, so that the two browsers below are the only ones
    await succeed(request, signInCalls.logout, { token: person.token });

    const desk = await signedInBrowser(browser, baseURL!, person, WINDOWS_CHROME, { width: 1280, height: 900 });
    const phone = await signedInBrowser(browser, baseURL!, person, IPHONE_SAFARI, { width: 360, height: 780 });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto('/personal');
      const phoneSessions = phonePage.getByRole('region', { name: 'My sessions' });
      await expect(phoneSessions.getByText('Mobile Safari 17 on iOS 17.5')).toBeVisible({ timeout: LOAD });

      const page = await desk.newPage();
      await page.goto('/personal');
      const sessions = page.getByRole('region', { name: 'My sessions' });
      await expect(sessions.getByText('Chrome 126 on Windows 10')).toBeVisible({ timeout: LOAD });
      const items = sessions.getByRole('listitem').filter({ has: page.getByRole('img') });
      await expect(items).toHaveCount(2);
      const mine = items.filter({ hasText: 'This device' });
      await expect(mine).toContainText('Chrome 126 on Windows 10');
      await expect(mine.getByRole('button')).toHaveCount(0);
      await expect(items.filter({ hasText: 'Mobile Safari 17 on iOS 17.5' })).toContainText('Network 198.51.100.*');
      await sessions.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await page.screenshot({ path: screenshotPath('my-sessions-desktop'), fullPage: true });

      const signOut = sessions.getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' });
      await signOut.focus();
      await expect(signOut).toBeFocused();
      await signOut.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Sign out this device?');
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText('The device was signed out')).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(sessions.getByText('No other device is signed in')).toBeVisible();

      // the other browser's very next request finds its session ended
      await phonePage.reload();
      await expect(phonePage).toHaveURL(/\/login/, { timeout: LOAD });
    } finally {
      await desk.close();
      await phone.close();
    }
  });
});

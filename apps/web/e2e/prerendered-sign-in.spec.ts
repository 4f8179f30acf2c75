import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import { LANGUAGES, THEME_MODES } from '@portal/shared/constants';
import { COOKIE_LANG, COOKIE_THEME } from '@portal/shared/cookies';
import { newMember, uniquePhone } from './people';
import { expect, test } from './test';

/** What React says when the markup it hydrates is not what it renders (any build: the production
 *  one only gives the error's number). */
const HYDRATION_TROUBLE =
  /hydrat|did not match|server rendered|switched to client rendering|Minified React error #(418|419|421|422|423|425)/i;

/** A member with an account name, as an administrator hands out. */
async function memberWithAccount(request: APIRequestContext) {
  const account = `early${uniquePhone().slice(-8)}`;
  return { ...(await newMember(request, 'demo', 'Early Member', { account })), account };
}

/** The phone tab's password form: the code form beside it is drawn too, hidden. */
const PHONE_PASSWORD = 'form[name="sign-in-phone-password"]';

/** Every console error and warning and every uncaught error of the page. */
function collectTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') trouble.push(message.text());
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  return trouble;
}

/** True once React has taken over the node (it keeps its fiber on the element). */
function hydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
}

for (const lang of LANGUAGES) {
  for (const mode of THEME_MODES) {
    test(`the sign-in page arrives drawn and hydrates cleanly: ${lang}, ${mode}`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const cookies = { [COOKIE_LANG]: lang, [COOKIE_THEME]: mode };
      // the first HTML response already holds the form, in the language and theme of the cookies
      const response = await request.get('/login', {
        headers: {
          cookie: Object.entries(cookies)
            .map(([name, value]) => `${name}=${value}`)
            .join('; '),
        },
      });
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}" data-theme="${mode}">`);
      expect(html).toMatch(/<form[^>]*name="sign-in-phone-password"/i);
      expect(html).toMatch(/<input[^>]*autocomplete="tel"/i);
      expect(html).toMatch(/<input[^>]*type="password"/i);
      expect(html).toMatch(/<button[^>]*type="submit"/i);
      // the theme switch offers the other theme, and the text colour is the theme's
      expect(html).toContain(mode === 'dark' ? 'anticon-sun' : 'anticon-moon');
      const darkText = '--portal-text:rgba(255,255,255,0.85)';
      if (mode === 'dark') expect(html).toContain(darkText);
      else expect(html).not.toContain(darkText);

      await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL! })));
      const trouble = collectTrouble(page);
      await page.goto('/login');
      // the very node the server sent is the one React took over: hydrated, not drawn again
      const phone = page.locator(`${PHONE_PASSWORD} input[autocomplete="tel"]`);
      await phone.evaluate((node) => Object.assign(node, { prerenderedMark: true }));
      await expect.poll(() => hydrated(page, 'input[autocomplete="tel"]')).toBe(true);
      expect(await phone.evaluate((node) => 'prerenderedMark' in node)).toBe(true);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(trouble.filter((text) => HYDRATION_TROUBLE.test(text))).toEqual([]);
    });
  }
}

/** The other screens before sign-in, by a heading of theirs in English and Chinese. */
const OTHER_SCREENS = { '/forget_password': 'Reset password', '/register-invalidity': 'This invitation link' };

for (const [path, heading] of Object.entries(OTHER_SCREENS)) {
  for (const mode of THEME_MODES) {
    test(`${path} arrives drawn and hydrates cleanly in each language: ${mode}`, async ({ page, context, baseURL }) => {
      const trouble = collectTrouble(page);
      for (const lang of LANGUAGES) {
        await context.addCookies([
          { name: COOKIE_LANG, value: lang, url: baseURL! },
          { name: COOKIE_THEME, value: mode, url: baseURL! },
        ]);
        const response = await page.goto(path);
        const html = await response!.text();
        expect(html).toContain(`<html lang="${lang}" data-theme="${mode}">`);
        expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        if (lang === 'en-US') expect(html).toContain(heading);
        const first = page.locator('h1');
        await first.evaluate((node) => Object.assign(node, { prerenderedMark: true }));
        await expect.poll(() => hydrated(page, 'h1')).toBe(true);
        expect(await first.evaluate((node) => 'prerenderedMark' in node)).toBe(true);
      }
      expect(trouble.filter((text) => HYDRATION_TROUBLE.test(text))).toEqual([]);
    });
  }
}

test('what is typed before the JavaScript has run is kept once it has', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  // the entry's script waits until the person has typed
  let release: () => void = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  // the page's module scripts hold DOMContentLoaded back: the form is there before it
  await page.goto('/login', { waitUntil: 'commit' });
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.locator(`${PHONE_PASSWORD} input[autocomplete="tel"]`).pressSequentially('13800138000');
  expect(await hydrated(page, 'input[autocomplete="tel"]')).toBe(false);
  release();
  await expect.poll(() => hydrated(page, 'input[autocomplete="tel"]')).toBe(true);
  await expect(panel.getByRole('textbox', { name: 'Phone' })).toHaveValue('13800138000');
  // the form's own state has it too: sending asks only for the password
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(panel.getByText('Please enter password')).toBeVisible();
  await expect(panel.getByText('Please enter your phone number')).toBeHidden();
});

/** The addresses of the documents the page asks for from now on: a reload shows as a second one. */
function documentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'document') documents.push(sent.url());
  });
  return documents;
}

/** Holds the page's requests of the matching path until the returned function is called. */
async function holdRequests(page: Page, path: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a sign-in sent before the JavaScript has run loses nothing: no reload, the person signs in', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const member = await newMember(request);
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  const documents = documentRequests(page);
  const release = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/login', { waitUntil: 'commit' });
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.locator(`${PHONE_PASSWORD} input[autocomplete="tel"]`).pressSequentially(member.phone);
  await panel.locator(`${PHONE_PASSWORD} input[type="password"]`).pressSequentially(member.password);
  // with no JavaScript of the app's yet, the press is held (no reload to /login? with the fields
  // empty) and shown taken
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
  expect(await hydrated(page, 'input[autocomplete="tel"]')).toBe(false);
  release();
  // the same page sends it once React has it, with what was typed, without another press
  await expect(page).toHaveURL(/\/home$/);
  expect(documents).toEqual([`${baseURL}/login`]);
});

test('a sign-in sent once the JavaScript has run but before hydration goes through after it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const member = await newMember(request);
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  // the page's texts are what hydration waits for; the entry's script has run by DOMContentLoaded
  const release = await holdRequests(page, /\/assets\/en-US-[^/]+\.js$/);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const panel = page.getByRole('tabpanel', { name: 'Phone' });
  await panel.locator(`${PHONE_PASSWORD} input[autocomplete="tel"]`).fill(member.phone);
  await panel.locator(`${PHONE_PASSWORD} input[type="password"]`).fill(member.password);
  await panel.locator(`${PHONE_PASSWORD} button[type="submit"]`).click();
  expect(await hydrated(page, 'input[autocomplete="tel"]')).toBe(false);
  release();
  // held until React took over, then sent with what was typed, without another press
  await expect(page).toHaveURL(/\/home$/);
});

test('a password recovery sent before the JavaScript has run stays on the page with what was typed', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  const documents = documentRequests(page);
  const release = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/forget_password', { waitUntil: 'commit' });
  const field = page.locator('form input').first();
  await field.pressSequentially('13800000000');
  await page.keyboard.press('Enter');
  expect(await hydrated(page, 'form input')).toBe(false);
  release();
  await expect.poll(() => hydrated(page, 'form input')).toBe(true);
  await expect(field).toHaveValue('13800000000');
  expect(documents).toEqual([`${baseURL}/forget_password`]);
});

test("a theme stored on the device but missing from the cookie: hydrated as served, then the device's", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  await context.addInitScript(() => window.localStorage.setItem('_appPreferences', JSON.stringify({ mode: 'light' })));
  const trouble = collectTrouble(page);
  const response = await page.goto('/login');
  expect(await response!.text()).toContain('data-theme="dark"');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(trouble.filter((text) => HYDRATION_TROUBLE.test(text))).toEqual([]);
  // and the server sends the light page from now on
  expect((await context.cookies()).find((cookie) => cookie.name === COOKIE_THEME)?.value).toBe('light');
});

test('the tabs and the code switch work before the JavaScript has run, and a press waits visibly', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const member = await memberWithAccount(request);
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  const documents = documentRequests(page);
  const release = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/login', { waitUntil: 'commit' });
  // the code switch shows the code form at once, and the tab back to the password form
  const phonePanel = page.getByRole('tabpanel', { name: 'Phone' });
  await phonePanel.getByText('Code sign-in').click();
  await expect(phonePanel.locator('form[name="sign-in-phone-code"]')).toBeVisible();
  await expect(phonePanel.locator(PHONE_PASSWORD)).toBeHidden();
  await phonePanel.getByText('Password sign-in').click();
  await expect(phonePanel.locator(PHONE_PASSWORD)).toBeVisible();
  // the Account tab shows its panel at once: what is typed goes to the account field
  await page.getByRole('tab', { name: 'Account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Account' });
  await expect(panel).toBeVisible();
  await expect(phonePanel).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('textbox', { name: 'Account' }).pressSequentially(member.account);
  await panel.getByLabel('Password', { exact: true }).pressSequentially(member.password);
  const submit = panel.getByRole('button', { name: 'Sign in' });
  await submit.click();
  // taken, and shown so: busy until the app can send it
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  expect(await hydrated(page, 'input[autocomplete="tel"]')).toBe(false);
  release();
  // sent with the account, once React has the page, without another press
  await expect(page).toHaveURL(/\/home$/);
  expect(documents).toEqual([`${baseURL}/login`]);
});

/** Slow 4G as the walk-through measured it (562.5 ms, 180 kB/s) and a phone's processor (4x). */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: 180 * 1024,
    uploadThroughput: 84 * 1024,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

for (const pressAt of [1_500, 2_500, 3_500]) {
  test(`on a slow phone, a sign-in pressed ${pressAt / 1000} s after opening the page goes through`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const member = await memberWithAccount(request);
    await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
    await slowPhone(page);
    const opened = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    // the person chooses the Account tab and types as soon as the form shows, and presses at the time
    await page.getByRole('tab', { name: 'Account' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Account' });
    await panel.getByRole('textbox', { name: 'Account' }).fill(member.account);
    await panel.getByLabel('Password', { exact: true }).fill(member.password);
    await page.waitForTimeout(Math.max(0, pressAt - (Date.now() - opened)));
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  });
}

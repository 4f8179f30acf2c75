import { personalCalls } from '@portal/shared/api/contract/personal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { succeed } from './call';
import { newMember } from './people';
import { browserToken, clickOnceAtRest, signInWithPhone } from './portal-api';
import { screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

const SIGN_IN = {
  'zh-CN': { heading: '欢迎回来', tab: '手机号', title: '智慧能源云平台' },
  'en-US': { heading: 'Welcome back', tab: 'Phone', title: 'Smart Energy Cloud Platform' },
  'de-DE': { heading: 'Willkommen zurück', tab: 'Telefon', title: 'Smart-Energy-Cloud-Plattform' },
  'es-ES': { heading: 'Bienvenido de nuevo', tab: 'Teléfono', title: 'Plataforma en la nube de energía inteligente' },
  'it-IT': { heading: 'Bentornato', tab: 'Telefono', title: "Piattaforma cloud per l'energia intelligente" },
  'ja-JP': { heading: 'おかえりなさい', tab: '電話番号', title: 'スマートエネルギークラウドプラットフォーム' },
} as const;

test('the sign-in page speaks each of the six languages', async ({ page, context, baseURL }) => {
  for (const [lang, text] of Object.entries(SIGN_IN)) {
    await useLanguage(context, lang, baseURL!);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: text.heading })).toBeVisible();
    await expect(page.getByRole('tab', { name: text.tab })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(text.title);
    if (lang === 'ja-JP')
      await page.screenshot({ path: screenshotPath('login-ja-JP'), fullPage: true, animations: 'disabled' });
  }
});

test.describe('a first visit from an English browser', () => {
  test.use({ locale: 'en-US' });

  test('speaks English on every entry page, before and after the redirect and on reload', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: SIGN_IN['en-US'].heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.reload();
    await expect(page.getByRole('heading', { name: SIGN_IN['en-US'].heading })).toBeVisible();
    for (const path of ['/register-common-ordinary?code=bogus', '/no-such-page', '/forget_password']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    }
  });
});

test('a language chosen in another tab or product is followed within a second', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await useLanguage(context, 'en-US', baseURL!);
  const member = await newMember(request);
  await signInWithPhone(page, member);
  await expect(page.getByRole('heading', { name: 'Hello, Test Member' })).toBeVisible();
  await expect(page).toHaveTitle('Smart Energy Cloud Platform');

  await useLanguage(context, 'zh-CN', baseURL!);
  await expect(page.getByRole('heading', { name: '你好，Test Member' })).toBeVisible({ timeout: 3000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // the company's slogan, asked again in the new language
  await expect(page).toHaveTitle('智慧能源云平台');
});

test("a signed-in user's choice of language is saved to the account", async ({ page, context, baseURL, request }) => {
  await useLanguage(context, 'en-US', baseURL!);
  const member = await newMember(request);
  await signInWithPhone(page, member);
  // the demo company's products but the settings centre, which only its administrators open
  await expect(page.getByTestId('product-card')).toHaveCount(4);

  await page.getByRole('button', { name: 'User menu' }).click();
  const saved = page.waitForRequest((r) => r.url().endsWith(personalCalls.saveLanguage.path));
  await clickOnceAtRest(page.getByRole('menuitem', { name: '日本語' }));
  expect((await saved).postDataJSON()).toEqual({ langCode: 'ja-JP' });
  await expect(page.getByRole('heading', { name: 'こんにちは、Test Member' })).toBeVisible();

  const user = await succeed(request, signInCalls.currentUser, { token: await browserToken(context) });
  expect(user.langCode).toBe('ja-JP');
});

test('the language the page shows wins at sign-in and becomes the account’s', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  // registered without any language: the account speaks the default, Chinese
  const member = await newMember(request);
  expect((await succeed(request, signInCalls.currentUser, { token: member.token })).langCode).toBe('zh-CN');

  await useLanguage(context, 'en-US', baseURL!);
  await signInWithPhone(page, member);
  await expect(page.getByRole('heading', { name: 'Hello, Test Member' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect
    .poll(async () => (await succeed(request, signInCalls.currentUser, { token: member.token })).langCode)
    .toBe('en-US');
});

/** Characters that must not begin a Japanese line (JIS X 4051): the prolonged sound mark, small kana. */
const NO_LINE_START = /[ーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ]/;

test('Japanese product titles never start a line with a lone ー or a small kana', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await useLanguage(context, 'ja-JP', baseURL!);
  const member = await newMember(request);
  await context.addCookies([{ name: 'token', value: member.token, url: baseURL! }]);
  await page.goto('/home');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  const badStarts: string[] = [];
  for (let width = 360; width <= 1440; width += 60) {
    await page.setViewportSize({ width, height: 900 });
    const starts = await page
      .getByTestId('product-card')
      .getByRole('link')
      .evaluateAll((links) =>
        links.flatMap((link) => {
          const text = link.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const found: string[] = [];
          let lastTop: number | null = null;
          for (let i = 0; i < (text.textContent ?? '').length; i += 1) {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const top = range.getClientRects()[0]?.top;
            if (top === undefined) continue;
            if (lastTop !== null && top > lastTop + 2) found.push(`${text.textContent}@${i}`);
            lastTop = top;
          }
          return found;
        }),
      );
    for (const start of starts) {
      const [title, at] = start.split('@');
      if (NO_LINE_START.test(title![Number(at)]!))
        badStarts.push(`${width}px: ${title} breaks before ${title![Number(at)]}`);
    }
  }
  expect(badStarts).toEqual([]);
});

import { expect, test } from './test';
import { newMember } from './people';
import { screenshotPath, useLanguage } from './support';
import { browserToken, portalGet, signInWithPhone } from './portal-api';

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
  await page.getByRole('menuitem', { name: 'Display language' }).hover();
  const saved = page.waitForRequest((r) => r.url().endsWith('/user/saveLangCode'));
  await page.getByRole('menuitem', { name: '日本語' }).click();
  expect((await saved).postDataJSON()).toEqual({ langCode: 'ja-JP' });
  await expect(page.getByRole('heading', { name: 'こんにちは、Test Member' })).toBeVisible();

  const user = await portalGet<{ langCode: string }>(request, await browserToken(context), '/user/current');
  expect(user.langCode).toBe('ja-JP');
});

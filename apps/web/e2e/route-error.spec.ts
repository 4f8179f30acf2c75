import { checkScreenInBothThemes } from './both-themes';
import { PHONES, expectNoSidewaysScroll, expectTouchTargets } from './phone-checks';
import { useLanguage } from './support';
import { expect, test } from './test';

/**
 * A screen whose code cannot be downloaded (a deployment replaced it, the connection dropped): the
 * route error screen, which is part of the entry, says so and offers a reload that then works.
 */
test('a screen whose code fails to load shows the error screen, and its reload recovers', async ({
  page,
  context,
  baseURL,
}) => {
  await useLanguage(context, 'en-US', baseURL!);
  await page.setViewportSize(PHONES[0].viewport);
  // the not-found screen's own chunk; the entry and the shared chunks still arrive
  const chunk = /\/assets\/not-found-screen-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort());

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByText('Please reload the page.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);
  await checkScreenInBothThemes(page, 'route-error-360');

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

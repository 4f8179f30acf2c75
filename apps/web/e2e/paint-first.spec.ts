import { COOKIE_LANG } from '@portal/shared/cookies';
import { expect, test } from './test';

/**
 * The prerendered sign-in page is painted before the app's code is fetched: fetched beside the
 * document, the code arrived first on a fast connection, and its compiling and running then held
 * back the first paint (and Lighthouse's LCP counted the code's download on a slow one).
 */
test('the prerendered sign-in page paints before the app’s code is fetched, then hydrates', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  // a phone's processor: the document takes long enough to lay out that the order shows
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/login');
  const form = page.locator('form[name="sign-in-phone-password"]');
  await expect
    .poll(() => form.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), {
      timeout: 30_000,
    })
    .toBe(true);

  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      parsed: navigation!.domInteractive,
      // when the main thread had drawn the frame (Paint Timing's paintTime): its startTime is when the
      // frame showed, which a busy machine's compositor puts later, after a fetch the next task began
      painted:
        (
          performance.getEntriesByName('first-contentful-paint')[0] as
            (PerformanceEntry & { paintTime?: number }) | undefined
        )?.paintTime ?? null,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ file: entry.name.split('/').pop()!, fetchStart: entry.fetchStart })),
    };
  });
  expect(timing.painted).not.toBeNull();
  // the entry and the helper it imports come with the document; they are a few lines
  const before = timing.scripts.filter(({ file }) => /^(index|preload-helper)-/.test(file));
  const after = timing.scripts.filter((script) => !before.includes(script));
  expect(before.map(({ file }) => file.split('-')[0]).sort()).toEqual(['index', 'preload']);
  // the app, the screen and the language's pack: all of them once the document is parsed and drawn
  expect(after.map(({ file }) => file)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^start-/), expect.stringMatching(/^en-US-/)]),
  );
  for (const { file, fetchStart } of after) {
    expect(fetchStart, `${file} fetched before the document was parsed`).toBeGreaterThan(timing.parsed);
    expect(fetchStart, `${file} fetched before the first paint`).toBeGreaterThan(timing.painted!);
  }
});

/**
 * On a phone the card sits under the toolbar: centred, it moved up as the rest of the document arrived
 * and again when the passkey button showed once the app ran (Lighthouse counted a layout shift of
 * 0.05-0.14 in two runs of three).
 */
test('on a phone the sign-in card stays where it is first drawn while the page arrives and hydrates', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await context.addCookies([{ name: COOKIE_LANG, value: 'en-US', url: baseURL! }]);
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    Object.assign(globalThis, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null }[];
      })[]) {
        // the card, or a node inside it
        const inCard = entry.sources.filter(
          (source) => source.node instanceof Element && source.node.closest('section[aria-labelledby="login-heading"]'),
        );
        if (inCard.length) shifts.push({ value: entry.value, nodes: inCard.map((source) => source.node!.nodeName) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      page
        .locator('form[name="sign-in-phone-password"]')
        .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))),
    )
    .toBe(true);
  // the toolbar above may still move once, when the person's language's name and the theme switch do
  // not fit beside the brand and wrap: a shift of under 0.01
  const shifts = await page.evaluate(() => (globalThis as unknown as { layoutShifts: unknown[] }).layoutShifts);
  expect(shifts).toEqual([]);
});

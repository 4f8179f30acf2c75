import type { Page } from '@playwright/test';
import { expect } from './test';

/** The phone sizes every route is tried at (a small Android phone, a current iPhone). */
export const PHONES = [
  { name: '360x740', viewport: { width: 360, height: 740 } },
  { name: '390x844', viewport: { width: 390, height: 844 } },
] as const;

/** The smallest comfortable touch target on a phone (Apple HIG, WCAG 2.5.5). */
const TOUCH_TARGET_PX = 44;

/**
 * Controls a finger presses; an input counts by its visible frame (antd's affix wrapper), and the
 * sign-in screen's own controls mark their frame with data-control.
 */
const TOUCH_CONTROLS = [
  'button',
  'a.ant-btn',
  '.ant-tabs-tab',
  '.ant-segmented-item',
  '.ant-select',
  '.ant-input-affix-wrapper',
  'input.ant-input:not(.ant-input-affix-wrapper input)',
  '.ant-menu-item',
  '[data-control]',
].join(', ');

/** The page is no wider than the screen: nothing needs a sideways scroll. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    overflowing: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`),
  }));
  expect(widths.page, `wider than the screen: ${widths.overflowing.join(', ')}`).toBeLessThanOrEqual(widths.screen);
}

/** Every visible control outside overlays is at least 44 px high and wide. */
export async function expectTouchTargets(page: Page) {
  const small = await page.evaluate(
    ({ selector, min }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter(
          (el) =>
            el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
            !el.closest('.ant-tabs-nav-operations, [aria-hidden="true"]'),
        )
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < min || box.width < min))
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 50)} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    { selector: TOUCH_CONTROLS, min: TOUCH_TARGET_PX },
  );
  expect(small, 'controls smaller than a fingertip').toEqual([]);
}

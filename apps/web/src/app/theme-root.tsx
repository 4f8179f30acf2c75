import { iconStyles } from '@ant-design/icons/es/utils';
import Cookies from 'js-cookie';
import { type ReactNode, useLayoutEffect } from 'react';
import type { ThemeMode } from '@portal/shared/constants';
import { COOKIE_THEME } from '@portal/shared/cookies';
import { cookieAttributes } from '../lib/cookies';
import { THEME_VARIABLES_CSS } from '../lib/theme-variables';

const THEME_COOKIE_DAYS = 365;

/**
 * The theme a prerendered page was drawn in: its document carries that theme's variables and the
 * icons' rules already (vite.config.ts, prerenderedDocument).
 */
const prerenderedMode =
  typeof document !== 'undefined' && document.querySelector('style[data-prerendered]')
    ? document.documentElement.dataset.theme
    : undefined;

/**
 * Writes the theme's variables and the icons' rules into the one style element that carries them,
 * made on first use. A prerendered page in its own theme has them: no sheet is added, as any change
 * to the page's styles has the browser work out every element's style again while React hydrates.
 */
function writeVariables(mode: ThemeMode) {
  let sheet = document.head.querySelector<HTMLStyleElement>('style[data-theme-variables]');
  if (!sheet && mode === prerenderedMode) return;
  if (!sheet) {
    sheet = document.createElement('style');
    sheet.dataset.themeVariables = '';
    document.head.append(sheet);
  }
  const css = THEME_VARIABLES_CSS[mode] + iconStyles;
  if (sheet.textContent !== css) sheet.textContent = css;
}

/**
 * Publishes the theme's colours and measures as CSS variables on <html>, so that the app's own style
 * sheets follow the theme instead of hard-coding colours; also sets data-theme for them. The variables
 * come from antd's design tokens, computed at build: this costs no antd on a screen that has none.
 * The icons' rules come with them (app/providers.tsx tells the icons so).
 */
export function ThemeRoot({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  useLayoutEffect(() => {
    // the variables' sheet sets color-scheme too
    const root = document.documentElement;
    if (root.dataset.theme !== mode) root.dataset.theme = mode;
    // read by the server, which then sends the prerendered sign-in page in this theme
    Cookies.set(COOKIE_THEME, mode, { ...cookieAttributes(), expires: THEME_COOKIE_DAYS });
    writeVariables(mode);
  }, [mode]);

  return children;
}

import { theme } from 'antd';
import Cookies from 'js-cookie';
import { type ReactNode, useLayoutEffect } from 'react';
import type { ThemeMode } from '@portal/shared/constants';
import { COOKIE_THEME } from '@portal/shared/cookies';
import { cookieAttributes } from '../lib/cookies';
import { ON_PRIMARY_COLOR, errorTextColor } from '../lib/theme';

const THEME_COOKIE_DAYS = 365;

type DesignToken = ReturnType<typeof theme.getDesignToken>;

/** The antd design tokens the app's own style sheets use, as CSS variables. */
export function themeVariables(mode: ThemeMode, token: DesignToken): Record<string, string> {
  return {
    '--portal-primary': token.colorPrimary,
    '--portal-primary-hover': token.colorPrimaryHover,
    '--portal-primary-active': token.colorPrimaryActive,
    '--portal-primary-text': token.colorPrimaryText,
    '--portal-on-primary': ON_PRIMARY_COLOR,
    '--portal-focus': token.colorPrimaryBorder,
    '--portal-bg-layout': token.colorBgLayout,
    '--portal-bg-container': token.colorBgContainer,
    '--portal-bg-elevated': token.colorBgElevated,
    '--portal-error': token.colorError,
    '--portal-error-text': errorTextColor(mode),
    '--portal-warning': token.colorWarning,
    '--portal-text': token.colorText,
    '--portal-text-secondary': token.colorTextSecondary,
    '--portal-text-tertiary': token.colorTextTertiary,
    '--portal-border': token.colorBorderSecondary,
    '--portal-shadow': token.boxShadowTertiary,
    '--portal-font': token.fontFamily,
    '--portal-font-size': `${token.fontSize}px`,
    '--portal-line-height': String(token.lineHeight),
    // the sign-in screen's own inputs and method switch draw themselves with antd's measures
    '--portal-control-border': token.colorBorder,
    '--portal-control-outline': token.controlOutline,
    '--portal-error-outline': token.colorErrorOutline,
    '--portal-control-height': `${token.controlHeight}px`,
    '--portal-control-height-lg': `${token.controlHeightLG}px`,
    '--portal-radius-lg': `${token.borderRadiusLG}px`,
    '--portal-radius': `${token.borderRadius}px`,
    // the padding scale of the cards
    '--portal-padding-md': `${token.paddingMD}px`,
    '--portal-padding-lg': `${token.paddingLG}px`,
    '--portal-font-size-lg': `${token.fontSizeLG}px`,
    '--portal-placeholder': token.colorTextPlaceholder,
    '--portal-disabled-bg': token.colorBgContainerDisabled,
    '--portal-disabled-text': token.colorTextDisabled,
    '--portal-fill': token.colorFillSecondary,
    '--portal-fill-hover': token.colorFill,
  };
}

/**
 * Publishes the antd design tokens as CSS variables on <html>, so that the app's own style
 * sheets follow the theme instead of hard-coding colours; also sets data-theme for them.
 */
export function ThemeRoot({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const { token } = theme.useToken();

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    // read by the server, which then sends the prerendered sign-in page in this theme
    Cookies.set(COOKIE_THEME, mode, { ...cookieAttributes(), expires: THEME_COOKIE_DAYS });
    const variables = themeVariables(mode, token);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  }, [mode, token]);

  return children;
}

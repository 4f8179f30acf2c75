import { theme } from 'antd';
import { THEME_MODES, type ThemeMode } from '@portal/shared/constants';
import { ON_PRIMARY_COLOR, errorTextColor, themeConfig } from './theme';

/*
 * Run at build, not in the browser: the build writes this module's exports into the bundle as the
 * plain data they are (vite.config.ts, buildTimeData), so that a screen drawn without antd's
 * components (the sign-in screen) does not compute antd's design tokens to colour itself.
 */

type DesignToken = ReturnType<typeof theme.getDesignToken>;

/** The antd design tokens the app's own style sheets use, as CSS variables. */
function themeVariables(mode: ThemeMode, token: DesignToken): Record<string, string> {
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
    // the sign-in screen's own controls draw themselves with antd's measures
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

function declarations(variables: Record<string, string>): string {
  return Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * A theme's CSS variables at a phone's width and above it: below antd's md breakpoint (768 px) the
 * controls take the touch sizes, as antd's components do (components/antd-theme.tsx).
 */
function variablesCss(mode: ThemeMode): string {
  const desktop = themeVariables(mode, theme.getDesignToken(themeConfig(mode)));
  const touch = themeVariables(mode, theme.getDesignToken(themeConfig(mode, true)));
  const changed = Object.fromEntries(Object.entries(touch).filter(([name, value]) => desktop[name] !== value));
  return `:root{color-scheme:${mode};${declarations(desktop)}}@media (max-width:767.98px){:root{${declarations(changed)}}}`;
}

/** Each theme's variables as a style sheet for :root. */
export const THEME_VARIABLES_CSS = Object.fromEntries(THEME_MODES.map((mode) => [mode, variablesCss(mode)])) as Record<
  ThemeMode,
  string
>;

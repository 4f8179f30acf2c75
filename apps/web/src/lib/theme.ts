import { theme, type ThemeConfig } from 'antd';
import { PRIMARY_COLOR, type ThemeMode } from '@portal/shared/constants';

/**
 * The platform teal stays the accent of both modes. Text drawn in it, and text drawn on it, use
 * shades chosen for WCAG AA contrast (4.5:1), which the accent itself does not reach against
 * white or against the dark surfaces.
 */
const PALETTE = {
  dark: {
    primaryText: '#36cfc9',
    // links under the pointer or pressed brighten: antd's derived hover teal darkens to 2.46:1 here
    linkHover: '#87e8de',
    // the focus ring: 9:1 on the dark surfaces (antd's derived border teal reaches 1.7:1)
    focus: '#5cdbd3',
    // antd's error red reaches only 3.7:1 on the dark surfaces; validation messages are text
    errorText: '#ff7875',
    surfaces: {
      colorBgLayout: '#0a1012',
      colorBgContainer: '#121a1c',
      colorBgElevated: '#1a2427',
      colorBorderSecondary: '#223033',
      // antd's 45 % grey falls just short of 4.5:1 for descriptions and hints
      colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
      colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    },
  },
  light: {
    primaryText: '#006d75',
    // links under the pointer or pressed deepen, keeping at least the contrast they have at rest
    linkHover: '#00474f',
    // the focus ring: 6:1 on white (antd's derived border teal reaches 1.5:1)
    focus: '#006d75',
    // antd's error red reaches only 3.3:1 on white
    errorText: '#cf1322',
    surfaces: {
      colorBgLayout: '#f2f6f7',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    },
  },
} as const;

/** Validation messages' red in a mode: readable text, where antd's error red is not. */
export function errorTextColor(mode: ThemeMode): string {
  return PALETTE[mode].errorText;
}

/** Dark text on the teal: white on it would be 3:1 at best. */
export const ON_PRIMARY_COLOR = '#001a1a';

/** Control heights on a phone, where a fingertip needs 44 px (Apple HIG; WCAG 2.5.5). */
const TOUCH = { controlHeight: 44, controlHeightLG: 48, controlHeightSM: 44 } as const;

/** `touch`: sized for fingers (phones); otherwise antd's desktop sizes. */
export function themeConfig(mode: ThemeMode, touch = false): ThemeConfig {
  const palette = PALETTE[mode];
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorInfo: PRIMARY_COLOR,
      colorLink: palette.primaryText,
      colorLinkHover: palette.linkHover,
      colorLinkActive: palette.linkHover,
      colorPrimaryText: palette.primaryText,
      borderRadius: 8,
      // antd draws keyboard focus with colorPrimaryBorder, and an input's focus with controlOutline
      colorPrimaryBorder: palette.focus,
      controlOutline: palette.focus,
      ...palette.surfaces,
      ...(touch ? TOUCH : {}),
    },
    components: {
      Button: { primaryColor: ON_PRIMARY_COLOR },
      Input: { activeBorderColor: palette.focus },
      Select: { activeBorderColor: palette.focus },
      Tabs: {
        itemSelectedColor: palette.primaryText,
        itemHoverColor: palette.primaryText,
        ...(touch ? { horizontalItemPadding: '11px 0' } : {}),
      },
      Menu: { itemSelectedColor: palette.primaryText, ...(touch ? { itemHeight: 44 } : {}) },
      Form: { colorError: palette.errorText },
      // the track's padding comes off the control height: 48 leaves each option 44 px high
      ...(touch ? { Segmented: { controlHeight: 48 } } : {}),
    },
  };
}

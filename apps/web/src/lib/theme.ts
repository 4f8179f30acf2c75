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
    // antd's error red reaches only 3.3:1 on white
    errorText: '#cf1322',
    surfaces: {
      colorBgLayout: '#f2f6f7',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    },
  },
} as const;

/** Dark text on the teal: white on it would be 3:1 at best. */
export const ON_PRIMARY_COLOR = '#001a1a';

export function themeConfig(mode: ThemeMode): ThemeConfig {
  const palette = PALETTE[mode];
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorInfo: PRIMARY_COLOR,
      colorLink: palette.primaryText,
      colorPrimaryText: palette.primaryText,
      borderRadius: 8,
      ...palette.surfaces,
    },
    components: {
      Button: { primaryColor: ON_PRIMARY_COLOR },
      Tabs: { itemSelectedColor: palette.primaryText, itemHoverColor: palette.primaryText },
      Menu: { itemSelectedColor: palette.primaryText },
      Form: { colorError: palette.errorText },
    },
  };
}

import { theme, type ThemeConfig } from 'antd';
import { PRIMARY_COLOR, type ThemeMode } from '@portal/shared/constants';

/** The antd theme of each mode: the platform's teal-green on a slightly teal-tinted base. */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorInfo: PRIMARY_COLOR,
      borderRadius: 8,
      ...(mode === 'dark' ? { colorBgBase: '#0b1315' } : { colorBgLayout: '#f2f6f7' }),
    },
  };
}

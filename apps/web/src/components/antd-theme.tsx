import { ConfigProvider, Grid } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { antdLocaleOf } from '../lib/language-packs';
import { themeConfig } from '../lib/theme';
import { usePreferences } from '../stores/preferences-store';

/**
 * antd's theme and texts for the antd components below: the screens after the sign-in screen, and
 * the toasts, dialogs and fresh proof that any screen may open. The sign-in screen draws no antd
 * component and is kept out of it: antd computes its design tokens on the first component it draws,
 * a long task on a phone right when the form should answer.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  // Subscribes to language changes, so that antd's own texts follow.
  useTranslation();
  const mode = usePreferences((s) => s.mode);
  // Below antd's md breakpoint (768 px) controls grow to fingertip size.
  const touch = Grid.useBreakpoint().md === false;
  const appTheme = useMemo(() => themeConfig(mode, touch), [mode, touch]);
  return (
    <ConfigProvider
      locale={antdLocaleOf(currentLanguage())}
      theme={appTheme}
      // A space inside two-character Chinese labels ("登 录") would also end up in their accessible names.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

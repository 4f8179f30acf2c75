import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Grid } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FeedbackProvider } from '../components/feedback';
import { FreshProofProvider } from '../components/fresh-proof';
import { currentLanguage, i18n } from '../lib/i18n';
import { antdLocaleOf } from '../lib/language-packs';
import { queryClient } from '../lib/query-client';
import { themeConfig } from '../lib/theme';
import { usePreferences } from '../stores/preferences-store';
import { ThemeRoot } from './theme-root';
import { useLanguageSync } from './use-language-sync';

function LocalizedTheme({ children }: { children: ReactNode }) {
  // Subscribes to language changes, so the whole tree re-renders in the new language.
  useTranslation();
  const mode = usePreferences((s) => s.mode);
  const lang = currentLanguage();
  // Below antd's md breakpoint (768 px) controls grow to fingertip size.
  const touch = Grid.useBreakpoint().md === false;
  const appTheme = useMemo(() => themeConfig(mode, touch), [mode, touch]);
  useLanguageSync();

  return (
    <ConfigProvider
      locale={antdLocaleOf(lang)}
      theme={appTheme}
      // A space inside two-character Chinese labels ("登 录") would also end up in their accessible names.
      button={{ autoInsertSpace: false }}
    >
      <ThemeRoot mode={mode}>
        <FeedbackProvider>
          <FreshProofProvider>{children}</FreshProofProvider>
        </FeedbackProvider>
      </ThemeRoot>
    </ConfigProvider>
  );
}

/** Server state, language, theme, the toasts and dialogs and the fresh proof of sensitive changes, set once at the root. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedTheme>{children}</LocalizedTheme>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

import IconContext from '@ant-design/icons/es/components/Context';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FeedbackProvider } from '../components/feedback';
import { FreshProofProvider } from '../components/fresh-proof';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { usePreferences } from '../stores/preferences-store';
import { ThemeRoot } from './theme-root';
import { useLanguageSync } from './use-language-sync';

/** The icons find their rules in the theme's style sheet and add none themselves (app/theme-root.tsx);
 *  under antd's ConfigProvider, antd's own context takes over. */
const ICON_RULES_IN_THEME = { zeroRuntime: true };

function LocalizedTheme({ children }: { children: ReactNode }) {
  // Subscribes to language changes, so the whole tree re-renders in the new language.
  useTranslation();
  const mode = usePreferences((s) => s.mode);
  useLanguageSync();

  return (
    <ThemeRoot mode={mode}>
      <IconContext.Provider value={ICON_RULES_IN_THEME}>
        <FeedbackProvider>
          <FreshProofProvider>{children}</FreshProofProvider>
        </FeedbackProvider>
      </IconContext.Provider>
    </ThemeRoot>
  );
}

/**
 * Server state, language, theme, the toasts and dialogs and the fresh proof of sensitive changes, set
 * once at the root. antd's theme is not among them: the routes and popups drawn with antd bring it
 * (components/antd-theme.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedTheme>{children}</LocalizedTheme>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

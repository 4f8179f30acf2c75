import { GlobalOutlined } from '@ant-design/icons';
import { Suspense, lazy } from 'react';
import { currentLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES } from '../lib/language';
import styles from './language-switcher.module.css';

// antd's Select is a large part of a first screen that only shows the language's name until it is
// clicked: it comes in its own chunk, while the name holds its place.
const LanguageSelect = lazy(async () => ({ default: (await import('./language-select')).LanguageSelect }));

export function LanguageSwitcher() {
  return (
    <Suspense
      fallback={
        <span className={styles.placeholder}>
          <GlobalOutlined aria-hidden="true" />
          {LANGUAGE_NAMES[currentLanguage()]}
        </span>
      }
    >
      <LanguageSelect />
    </Suspense>
  );
}

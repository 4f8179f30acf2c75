import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@portal/shared/constants';
import { currentLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES, changeLanguage } from '../lib/language';
import styles from './language-switcher.module.css';

function choose(lang: string) {
  if (isLanguage(lang) && lang !== currentLanguage()) void changeLanguage(lang);
}

/**
 * The page's language, as the browser's own select drawn like antd's borderless Select: it works from
 * the first paint of a prerendered page, needs no chunk of its own, and on a phone opens the system's
 * picker. Each language is named in itself.
 */
export function LanguageSwitcher() {
  // re-renders in the new language once it is there
  const { t } = useTranslation();
  const select = useRef<HTMLSelectElement>(null);

  // A language picked on the prerendered page before the app ran: hydration leaves the pick shown but
  // reports no change, so it is taken here; the next render would otherwise show the old one again.
  useEffect(() => {
    if (select.current) choose(select.current.value);
  }, []);

  return (
    <span className={styles.frame} data-control="">
      <GlobalOutlined className={styles.globe} aria-hidden="true" />
      <select
        ref={select}
        className={styles.select}
        aria-label={t('web.language.label')}
        value={currentLanguage()}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => choose(event.target.value)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
      <DownOutlined className={styles.chevron} aria-hidden="true" />
    </span>
  );
}

import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import { currentLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES, changeLanguage } from '../lib/language';

const OPTIONS = LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }));

/** antd's Select over the six languages; loaded on its own, after the first screen (language-switcher.tsx). */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('web.language.label')}
      value={currentLanguage()}
      options={OPTIONS}
      onChange={(lang) => void changeLanguage(lang)}
      prefix={<GlobalOutlined aria-hidden="true" />}
      variant="borderless"
      popupMatchSelectWidth={false}
    />
  );
}

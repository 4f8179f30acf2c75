import type { Locale } from 'antd/es/locale';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import itIT from 'antd/locale/it_IT';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import type { Language } from '@portal/shared/constants';

export const ANTD_LOCALES: Record<Language, Locale> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'de-DE': deDE,
  'es-ES': esES,
  'it-IT': itIT,
  'ja-JP': jaJP,
};

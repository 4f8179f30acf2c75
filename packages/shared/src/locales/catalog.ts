import type { Language } from '../constants.ts';
import { DEFAULT_LANGUAGE } from '../constants.ts';
import deDE from './de-DE/messages.ts';
import enUS from './en-US/messages.ts';
import esES from './es-ES/messages.ts';
import itIT from './it-IT/messages.ts';
import jaJP from './ja-JP/messages.ts';
import type { Messages } from './types.ts';
import zhCN from './zh-CN/messages.ts';

export const MESSAGES: Record<Language, Messages> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'de-DE': deDE,
  'es-ES': esES,
  'it-IT': itIT,
  'ja-JP': jaJP,
};

/** The text of a dotted key in one language (the default language's when it lacks it), its
 *  `{{name}}` placeholders unfilled; undefined when there is none. */
export function messageOf(lang: Language, key: string): string | undefined {
  const lookup = (messages: Messages): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  const found = lookup(MESSAGES[lang]) ?? lookup(MESSAGES[DEFAULT_LANGUAGE]);
  return typeof found === 'string' ? found : undefined;
}

/** A dotted key (`errors.1009117`) in one language, with `{{name}}` placeholders filled. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return (messageOf(lang, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

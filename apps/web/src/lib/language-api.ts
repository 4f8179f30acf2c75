import type { Language } from '@portal/shared/constants';
import { personalCalls } from './api-calls';
import { type OptionsOf, call } from './api-client';

/** The account keeps the language for its next sign-in, on any device. */
export function saveLanguage(langCode: Language, options?: OptionsOf<typeof personalCalls.saveLanguage>) {
  return call(personalCalls.saveLanguage, { langCode }, options);
}

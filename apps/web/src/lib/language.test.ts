import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { fail, fakeApi, ok, routeOf } from '../test/fake-api';
import { readLangCookie, writeLangCookie, writeToken } from './cookies';
import { i18n } from './i18n';
import { adoptAccountLanguage, changeLanguage } from './language';

const SAVE_LANGUAGE = routeOf(personalCalls.saveLanguage);

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ [SAVE_LANGUAGE]: ok() });
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('language', () => {
  it('a visitor picking a language sets the shared cookie only', async () => {
    await changeLanguage('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(readLangCookie()).toBe('de-DE');
    expect(api.sent(SAVE_LANGUAGE)).toEqual([]);
  });

  it('a signed-in user picking a language saves it to the account too', async () => {
    writeToken('tok');
    await changeLanguage('ja-JP');
    expect(api.sent(SAVE_LANGUAGE)).toEqual([{ langCode: 'ja-JP' }]);
  });

  it("after sign-in the account's language applies when the browser has none", async () => {
    await adoptAccountLanguage('es-ES');
    expect(i18n.language).toBe('es-ES');
    expect(readLangCookie()).toBe('es-ES');
    expect(api.sent(SAVE_LANGUAGE)).toEqual([]);
  });

  it('the language the page shows wins over the account and is saved to it, silently', async () => {
    writeLangCookie('it-IT');
    await i18n.changeLanguage('it-IT');
    api.routes[SAVE_LANGUAGE] = fail(ErrorCode.Internal);
    await adoptAccountLanguage('en-US');
    expect(i18n.language).toBe('it-IT');
    expect(readLangCookie()).toBe('it-IT');
    await vi.waitFor(() => expect(api.sent(SAVE_LANGUAGE)).toEqual([{ langCode: 'it-IT' }]));
    // a failed save says nothing: the person is on their way in, in their language already
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.toasts).not.toHaveBeenCalled();
  });
});

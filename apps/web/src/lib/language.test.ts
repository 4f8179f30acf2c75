import { apiPaths } from '@portal/shared/api/paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLangCookie, writeLangCookie, writeToken } from './cookies';
import { i18n } from './i18n';
import { adoptAccountLanguage, changeLanguage } from './language';

vi.mock('./api-client', () => ({ apiClient: { post: vi.fn(), get: vi.fn() } }));
const { apiClient } = await import('./api-client');

afterEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('zh-CN');
});

describe('language', () => {
  it('a visitor picking a language sets the shared cookie only', async () => {
    await changeLanguage('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(readLangCookie()).toBe('de-DE');
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('a signed-in user picking a language saves it to the account too', async () => {
    writeToken('tok');
    vi.mocked(apiClient.post).mockResolvedValue(null);
    await changeLanguage('ja-JP');
    expect(apiClient.post).toHaveBeenCalledWith(apiPaths.saveLanguage, { langCode: 'ja-JP' }, undefined);
  });

  it("after sign-in the account's language applies when the browser has none", async () => {
    await adoptAccountLanguage('es-ES');
    expect(i18n.language).toBe('es-ES');
    expect(readLangCookie()).toBe('es-ES');
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('the language the page shows wins over the account and is saved to it, silently', async () => {
    writeLangCookie('it-IT');
    await i18n.changeLanguage('it-IT');
    vi.mocked(apiClient.post).mockResolvedValue(null);
    await adoptAccountLanguage('en-US');
    expect(i18n.language).toBe('it-IT');
    expect(readLangCookie()).toBe('it-IT');
    expect(apiClient.post).toHaveBeenCalledWith(apiPaths.saveLanguage, { langCode: 'it-IT' }, { silent: true });
  });
});

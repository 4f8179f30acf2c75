import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { PortalInfo } from '@portal/shared/api/portal';
import { LANGUAGES } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { portalInfo } from '../../test/portal-info';
import { renderRoutes } from '../../test/render-route';
import { SettingsPage } from './settings-page';

const en = MESSAGES['en-US'];

let api: ReturnType<typeof fakeApi> | undefined;

/** Portal info as the server has it; members and departments empty; the branding never answers. */
function serve(info: PortalInfo) {
  api = fakeApi({
    [routeOf(portalCalls.portalInfo)]: ok(info),
    [routeOf(settingsCalls.members)]: ok({ total: 0, items: [] }),
    [routeOf(settingsCalls.departments)]: ok([]),
  });
  return api;
}

function renderSettings() {
  return renderRoutes(
    [
      { path: '/settings', element: <SettingsPage /> },
      { path: '/noAuth', element: <p>no access</p> },
    ],
    '/settings',
  );
}

describe('settings centre access', () => {
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api?.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('opens for an administrator of a company with the settings centre', async () => {
    serve(portalInfo('admin', ['esguard', 'settcntr']));
    renderSettings();
    expect(await screen.findByRole('heading', { name: en.products.settcntr.name, level: 1 })).toBeInTheDocument();
    for (const tab of Object.values(en.settings.tabs))
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.integrations.webhooks.tab })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: en.integrations.apiKeys.tab })).toBeInTheDocument();
    expect(screen.getByText('SunCo')).toBeInTheDocument();
  });

  it('says what each of its tabs holds in the line under its title, in every language', async () => {
    for (const lang of LANGUAGES) {
      await i18n.changeLanguage(lang);
      serve(portalInfo('admin', ['esguard', 'settcntr']));
      const { unmount } = renderSettings();
      const heading = await screen.findByRole('heading', { name: MESSAGES[lang].products.settcntr.name, level: 1 });
      const subtitle = heading.nextElementSibling?.textContent?.toLowerCase() ?? '';
      const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent?.trim().toLowerCase() ?? '');
      expect(tabs, lang).toHaveLength(10);
      for (const tab of tabs) expect(subtitle, `${lang}: the ${tab} tab`).toContain(tab);
      unmount();
      api?.restore();
    }
  });

  it('sends a member to NoAuth', async () => {
    serve(portalInfo('member', ['settcntr']));
    const { router } = renderSettings();
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
  });

  it('sends an administrator of a company without the settings centre to NoAuth', async () => {
    serve(portalInfo('admin', ['esguard']));
    const { router } = renderSettings();
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
  });

  it('says so when portal info cannot be had, and leads home', async () => {
    const api = serve(portalInfo('admin', ['settcntr']));
    api.routes[routeOf(portalCalls.portalInfo)] = fail(1000500);
    renderSettings();
    expect(await screen.findByText(en.settings.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.settings.backToHome })).toHaveAttribute('href', '/home');
    expect(api.toasts).toHaveBeenCalledExactlyOnceWith(en.errors[1000500]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../lib/i18n';
import { useSession } from '../../stores/session-store';
import { renderRoutes } from '../../test/render-route';
import { SettingsPage } from './settings-page';
import { portalInfo } from '../../test/portal-info';

vi.mock('../../session/session-api', () => ({
  fetchPortalInfo: vi.fn(),
  fetchPersonalization: vi.fn(() => new Promise(() => {})),
}));
vi.mock('./settings-api', () => ({
  fetchMembers: vi.fn(async () => ({ total: 0, items: [] })),
  fetchDepartments: vi.fn(async () => []),
}));
const sessionApi = await import('../../session/session-api');

const en = MESSAGES['en-US'];

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
    useSession.getState().clear();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('opens for an administrator of a company with the settings centre', async () => {
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo('admin', ['esguard', 'settcntr']));
    renderSettings();
    expect(await screen.findByRole('heading', { name: en.products.settcntr.name, level: 1 })).toBeInTheDocument();
    for (const tab of Object.values(en.settings.tabs))
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByText('SunCo')).toBeInTheDocument();
  });

  it('sends a member to NoAuth', async () => {
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo('member', ['settcntr']));
    const { router } = renderSettings();
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
  });

  it('sends an administrator of a company without the settings centre to NoAuth', async () => {
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo('admin', ['esguard']));
    const { router } = renderSettings();
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
  });
});

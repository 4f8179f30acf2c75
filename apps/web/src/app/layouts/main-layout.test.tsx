import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnterpriseId, readToken, writeEnterpriseId, writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo } from '../../test/session-fixtures';
import { routes } from '../router';

vi.mock('../../session/session-api', () => import('../../test/session-api-mock'));
const sessionApi = await import('../../session/session-api');

beforeEach(async () => {
  vi.clearAllMocks();
  await i18n.changeLanguage('en-US');
  writeToken('tok');
  vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(testPortalInfo(2));
  vi.mocked(sessionApi.fetchPersonalization).mockResolvedValue(testPersonalization);
});
afterEach(() => i18n.changeLanguage('zh-CN'));

describe('signed-in frame', () => {
  it('loads the products and wears the company branding after a reload', async () => {
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('link', { name: 'Energy Storage Manager' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/es?productId=1',
    );
    await waitFor(() => expect(document.title).toBe('Green Cloud'));
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', testPersonalization.icon);
    expect(document.documentElement.lang).toBe('en-US');
    expect(JSON.parse(window.localStorage.getItem('_enterpriseConfig')!)).toEqual(testPersonalization);
  });

  it('tells the administrator of a company without products who grants them, promising no cards', async () => {
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(testPortalInfo(0));
    renderRoutes(routes, '/home');
    expect(
      await screen.findByText(
        'Your company has no products yet. Products are granted by the platform operator: please contact them.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Select a card/)).not.toBeInTheDocument();
  });

  it('enters the company of a link ?enterpriseId= and drops it from the address', async () => {
    vi.mocked(sessionApi.enterEnterprise).mockResolvedValue({ enterpriseId: 7 });
    const { router } = renderRoutes(routes, '/home?enterpriseId=7');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionApi.enterEnterprise).toHaveBeenCalledWith(7);
    expect(sessionApi.fetchPortalInfo).toHaveBeenCalledOnce();
    expect(readEnterpriseId()).toBe(7);
  });

  it('keeps the sidebar state in the app preferences', async () => {
    renderRoutes(routes, '/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(window.localStorage.getItem('_appPreferences')!)).toMatchObject({
      sidebarCollapsed: true,
      mode: 'dark',
      userType: 'investors',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
  });

  it('signs out on the server and forgets the session on this device', async () => {
    vi.mocked(sessionApi.logout).mockResolvedValue(null);
    writeEnterpriseId(7);
    const { router } = renderRoutes(routes, '/home');
    await screen.findByRole('link', { name: 'Energy Storage Manager' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionApi.logout).toHaveBeenCalledOnce();
    expect(readToken()).toBeUndefined();
    expect(readEnterpriseId()).toBeUndefined();
    expect(window.localStorage.getItem('_userInfo')).toBeNull();
    expect(window.localStorage.getItem('_enterpriseConfig')).toBeNull();
    // the title follows in an effect of the sign-in route's first render, after the address changed
    await waitFor(() => expect(document.title).toBe('Smart Energy Cloud Platform'));
    // signed out: the frame asks for nothing more on its way out
    expect(sessionApi.fetchPortalInfo).toHaveBeenCalledOnce();
  });
});

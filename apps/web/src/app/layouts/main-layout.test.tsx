import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { paths } from '../../config/paths';
import { readEnterpriseId, readToken, writeEnterpriseId, writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo } from '../../test/session-fixtures';
import { routes } from '../router';

const PORTAL_INFO = routeOf(portalCalls.portalInfo);
const ENTER_ENTERPRISE = routeOf(portalCalls.enterEnterprise);
const LOGOUT = routeOf(signInCalls.logout);

let api: ReturnType<typeof fakeApi>;
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  writeToken('tok');
  api = fakeApi({
    [PORTAL_INFO]: ok(testPortalInfo(2)),
    [routeOf(brandingCalls.personalization)]: ok(testPersonalization),
    [ENTER_ENTERPRISE]: ok({ enterpriseId: 7 }),
    [LOGOUT]: ok(),
  });
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('signed-in frame', () => {
  it('loads the products and wears the company branding after a reload', async () => {
    renderRoutes(routes, paths.home);
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
    api.routes[PORTAL_INFO] = ok(testPortalInfo(0));
    renderRoutes(routes, paths.home);
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
    const { router } = renderRoutes(routes, `${paths.home}?enterpriseId=7`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.queries(ENTER_ENTERPRISE).map((query) => query.toString())).toEqual(['enterpriseId=7']);
    expect(api.sent(PORTAL_INFO)).toHaveLength(1);
    expect(readEnterpriseId()).toBe(7);
  });

  it('keeps the sidebar state in the app preferences', async () => {
    renderRoutes(routes, paths.home);
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
    writeEnterpriseId(7);
    const { router } = renderRoutes(routes, paths.home);
    await screen.findByRole('link', { name: 'Energy Storage Manager' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(api.sent(LOGOUT)).toHaveLength(1);
    expect(readToken()).toBeUndefined();
    expect(readEnterpriseId()).toBeUndefined();
    expect(window.localStorage.getItem('_userInfo')).toBeNull();
    expect(window.localStorage.getItem('_enterpriseConfig')).toBeNull();
    // the title follows in an effect of the sign-in route's first render, after the address changed
    await waitFor(() => expect(document.title).toBe('Smart Energy Cloud Platform'));
    // signed out: the frame asks for nothing more on its way out
    expect(api.sent(PORTAL_INFO)).toHaveLength(1);
  });
});

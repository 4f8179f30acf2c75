import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { readToken, writeToken } from '../lib/cookies';
import { i18n } from '../lib/i18n';
import { fakeApi, ok, routeOf } from '../test/fake-api';
import { renderRoutes } from '../test/render-route';
import { isOpenRoute } from './route-access';
import { routes } from './router';

let api: ReturnType<typeof fakeApi>;
beforeEach(async () => {
  // the rest never answers: these tests look at where the guard sends the user, not at what follows
  api = fakeApi({ [routeOf(signInCalls.logout)]: ok() });
  await i18n.changeLanguage('en-US');
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('route guard', () => {
  it('sends a visitor without a token from home to sign-in', async () => {
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a visitor without a token open registration, recovery, no-permission and unknown pages', async () => {
    for (const [path, heading] of [
      ['/register-invalidity', 'This invitation link is no longer valid'],
      ['/forget_password', 'Reset password'],
      ['/noAuth', 'No access'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      const { router, unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('answers a registration page without an invitation with the invalid-link page, not sign-in', async () => {
    const { router } = renderRoutes(routes, '/register-common-admin');
    expect(await screen.findByRole('heading', { name: 'This invitation link is no longer valid' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register-invalidity');
  });

  it('offers the way back to sign-in on the no-permission page', async () => {
    renderRoutes(routes, '/noAuth');
    expect(await screen.findByRole('link', { name: 'Return to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('offers a signed-in user home and the way back to sign-in, which signs them out first', async () => {
    writeToken('tok');
    const { router } = renderRoutes(routes, '/noAuth');
    expect(await screen.findByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    await userEvent.click(screen.getByRole('link', { name: 'Return to sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readToken()).toBeUndefined();
  });

  it('keeps a signed-in user on home', async () => {
    writeToken('tok');
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('stores the arkAuth token of the root URL and goes to sign-in with the rest of the query', async () => {
    const { router } = renderRoutes(routes, '/?arkAuth=handed-over&from=ark');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?from=ark');
    expect(readToken()).toBe('handed-over');
  });

  it('exempts every route whose name contains Register', () => {
    expect(isOpenRoute('RegisterOwnerEnterprise')).toBe(true);
    expect(isOpenRoute('Home')).toBe(false);
    expect(isOpenRoute('VertifyPhone')).toBe(false);
    expect(isOpenRoute(undefined)).toBe(false);
  });
});

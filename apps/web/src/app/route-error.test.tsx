import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderRoutes } from '../test/render-route';
import { RouteError } from './route-error';

beforeEach(() => i18n.changeLanguage('en-US'));
afterEach(() => {
  vi.restoreAllMocks();
  return i18n.changeLanguage('zh-CN');
});

it('shows a screen with a heading, the reason and a reload button when a screen fails to load', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const failure = new TypeError('Failed to fetch dynamically imported module');
  renderRoutes(
    [
      {
        ErrorBoundary: RouteError,
        children: [{ path: '/broken', lazy: () => Promise.reject(failure) }],
      },
    ],
    '/broken',
  );

  expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  expect(screen.getByText(/The connection may be unstable/)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  // the language and theme stay at hand, as on every screen before sign-in
  expect(screen.getByRole('button', { name: /Switch to/ })).toBeInTheDocument();
  // logged from an effect, which a loaded machine may run after the screen is already seen
  await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(failure));
});

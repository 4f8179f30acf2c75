import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-route';
import { RegisterInvalidityPage } from './register-invalidity-page';

beforeEach(() => i18n.changeLanguage('en-US'));
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('zh-CN');
});

it('counts ten seconds down in words of the count, then goes to sign-in', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  const { router } = renderRoutes(
    [
      { path: '/register-invalidity', element: <RegisterInvalidityPage /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    '/register-invalidity',
  );
  expect(screen.getByText('Going to the sign-in page in 10 seconds')).toBeInTheDocument();

  await act(() => vi.advanceTimersByTimeAsync(3000));
  expect(screen.getByText('Going to the sign-in page in 7 seconds')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/register-invalidity');

  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(screen.getByText('Going to the sign-in page in 1 second')).toBeInTheDocument();

  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByText('sign-in page')).toBeInTheDocument();
});

it('says the count in each language', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  await i18n.changeLanguage('de-DE');
  renderRoutes([{ path: '/register-invalidity', element: <RegisterInvalidityPage /> }], '/register-invalidity');
  expect(screen.getByText('Weiterleitung zur Anmeldung in 10 Sekunden')).toBeInTheDocument();

  await act(() => vi.advanceTimersByTimeAsync(9000));
  expect(screen.getByText('Weiterleitung zur Anmeldung in 1 Sekunde')).toBeInTheDocument();

  await act(() => i18n.changeLanguage('ja-JP'));
  expect(screen.getByText('1 秒後にログインページへ移動します')).toBeInTheDocument();
});

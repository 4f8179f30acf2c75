import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../../test/session-fixtures';
import { PasskeySignInButton } from './passkey-sign-in-button';

vi.mock('./passkey-sign-in', () => ({ signInWithPasskey: vi.fn() }));
vi.mock('../../session/session-api', () => import('../../test/session-api-mock'));
const sessionApi = await import('../../session/session-api');
const { signInWithPasskey } = await import('./passkey-sign-in');

function renderButton() {
  return renderRoutes(
    [
      { path: '/login', element: <PasskeySignInButton /> },
      { path: '/home', element: <p>home page</p> },
    ],
    '/login',
  );
}

describe('sign-in with a passkey', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('signs in with the passkey the browser offers and goes on into the portal, as a password does', async () => {
    vi.mocked(signInWithPasskey).mockResolvedValue({ token: 'tok-passkey', expiresAt: '2099-01-01T00:00:00Z' });
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(testUser);
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(testPortalInfo(2, testUser));
    vi.mocked(sessionApi.fetchPersonalization).mockResolvedValue(testPersonalization);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(readToken()).toBe('tok-passkey');
  });

  it('says no passkey was used when the browser dialog ends without one, and can try again', async () => {
    vi.mocked(signInWithPasskey).mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    renderButton();
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(signInWithPasskey).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No passkey was used. You can sign in with your password.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be verified/)).not.toBeInTheDocument();
  });

  it('says the passkey could not be used when the browser fails otherwise', async () => {
    vi.mocked(signInWithPasskey).mockRejectedValue(Object.assign(new Error('bad'), { name: 'SecurityError' }));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey could not be verified, please try again')).toBeInTheDocument();
  });

  it('says how long a sign-in wait lasts', async () => {
    vi.mocked(signInWithPasskey).mockImplementation(async (call) => {
      const refusal = new ApiError(1000429, 'Too many attempts, please try again later', { retryAfterSeconds: 125 });
      call?.onError?.[1000429]?.(refusal);
      throw refusal;
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Too many attempts, try again in 3 minutes.')).toBeInTheDocument();
  });

  it('is not offered where the browser has no WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderButton();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });
});

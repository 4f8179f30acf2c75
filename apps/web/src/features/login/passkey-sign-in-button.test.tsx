import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { readToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../../test/session-fixtures';
import { PasskeySignInButton } from './passkey-sign-in-button';

// the browser's own dialog: WebAuthn, which jsdom has not
const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: browser.startAuthentication }));

const SIGN_IN = routeOf(signInCalls.passkeySignIn);
const REQUEST_OPTIONS = { challenge: 'chal-1', rpId: 'localhost', userVerification: 'preferred' };
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

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
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    browser.startAuthentication.mockReset().mockResolvedValue(ASSERTION);
    api = fakeApi({
      [routeOf(signInCalls.passkeySignInOptions)]: ok({ challengeId: 'chal-1', options: REQUEST_OPTIONS }),
      [SIGN_IN]: ok({ token: 'tok-passkey', expiresAt: '2099-01-01T00:00:00Z' }),
      [routeOf(signInCalls.currentUser)]: ok(testUser),
      [routeOf(portalCalls.portalInfo)]: ok(testPortalInfo(2, testUser)),
      [routeOf(brandingCalls.personalization)]: ok(testPersonalization),
    });
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('signs in with the passkey the browser offers and goes on into the portal, as a password does', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(readToken()).toBe('tok-passkey');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(api.sent(SIGN_IN)).toEqual([{ challengeId: 'chal-1', response: ASSERTION }]);
  });

  it('says no passkey was used when the browser dialog ends without one, and can try again', async () => {
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    renderButton();
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(browser.startAuthentication).toHaveBeenCalledTimes(1);
    expect(api.sent(SIGN_IN)).toEqual([]);
    expect(await screen.findByText('No passkey was used. You can sign in with your password.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be verified/)).not.toBeInTheDocument();
  });

  it('says the passkey could not be used when the browser fails otherwise', async () => {
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('bad'), { name: 'SecurityError' }));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey could not be verified, please try again')).toBeInTheDocument();
  });

  it('says how long a sign-in wait lasts', async () => {
    api.routes[SIGN_IN] = fail(ErrorCode.TooManyAttempts, { retryAfterSeconds: 125 });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Too many attempts, try again in 3 minutes.')).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('is not offered where the browser has no WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderButton();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });
});

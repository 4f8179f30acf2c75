import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { paths } from '../config/paths';
import { readToken, removeToken, writeToken } from '../lib/cookies';
import { i18n } from '../lib/i18n';
import { clearUserData, writeUserInfo } from '../lib/storage';
import { fakeApi, ok, routeOf } from '../test/fake-api';
import { renderRoutes } from '../test/render-route';
import { testUser } from '../test/session-fixtures';
import { waitsForTwoStepSetup } from './route-access';
import { routes } from './router';

describe('the guard of a company that requires two-step sign-in', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    // the rest never answers: these tests look at where the guard sends the user, not at what follows
    api = fakeApi({
      [routeOf(signInCalls.logout)]: ok(),
      [routeOf(accountSecurityCalls.twoStepSetup)]: ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrSvgDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    });
    writeToken('tok');
    writeUserInfo({ ...testUser, twoStepSetupRequired: true });
  });
  afterEach(async () => {
    api.restore();
    removeToken();
    clearUserData();
    await i18n.changeLanguage('zh-CN');
  });

  it('holds the signed-in screens until the set-up, which offers the QR code', async () => {
    const { router } = renderRoutes(routes, paths.personal);
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.twoStepSetup);
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toBeInTheDocument();
  });

  it('lets the person sign out instead', async () => {
    const { router } = renderRoutes(routes, paths.home);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(readToken()).toBeFalsy();
  });

  it('leaves open screens and the set-up itself alone', () => {
    expect(waitsForTwoStepSetup('Home')).toBe(true);
    expect(waitsForTwoStepSetup('SettingsCentre')).toBe(true);
    for (const name of ['login', 'TwoStepSignIn', 'TwoStepSetup', 'VertifyPhone', 'NotFound']) {
      expect(waitsForTwoStepSetup(name), name).toBe(false);
    }
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import type { CurrentUser } from '@portal/shared/api/auth';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { paths } from '../../config/paths';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { PersonalPage } from './personal-page';

/** Shared set-up of the personal centre's component tests. */

export const MEMBER: CurrentUser = {
  userId: 42,
  account: 'lin.wei',
  nickname: 'Lin Wei',
  phone: '13912345678',
  email: 'lin.wei@example.com',
  langCode: 'en-US',
  local: 'en_US',
  userType: 'investors',
  phoneCertified: true,
  emailVerified: true,
  hasPassword: true,
  twoStepEnabled: false,
  twoStepSetupRequired: false,
};

export function renderPersonal() {
  return renderRoutes([{ path: paths.personal, element: <PersonalPage /> }], paths.personal);
}

/** Opens a modal by its button's accessible name and returns queries inside the dialog. */
export async function openDialog(buttonName: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  return within(await screen.findByRole('dialog'));
}

export const CURRENT_USER = routeOf(signInCalls.currentUser);
export const ALLOW_MODIFY_PASSWORD = routeOf(personalCalls.allowModifyPassword);
export const UPDATE_NICKNAME = routeOf(personalCalls.updateNickname);
export const UPDATE_PHONE = routeOf(personalCalls.updatePhone);
export const UPDATE_EMAIL = routeOf(personalCalls.updateEmail);
export const UPDATE_PASSWORD = routeOf(personalCalls.updatePassword);

export const PORTAL_INFO = routeOf(portalCalls.portalInfo);
export const SEND_SMS = routeOf(codeCalls.sendSms);
export const SEND_EMAIL = routeOf(codeCalls.sendEmail);

/** The server of the personal centre: `user` signed in, allowed to change the password, every code sent
 *  and every change accepted. */
function personalServer(user: CurrentUser = MEMBER) {
  writeToken('tok');
  return fakeApi({
    ...userRoutes(user),
    [ALLOW_MODIFY_PASSWORD]: ok({ allowed: true }),
    [UPDATE_NICKNAME]: ok(),
    [UPDATE_PHONE]: ok(),
    [UPDATE_EMAIL]: ok(),
    [UPDATE_PASSWORD]: ok({ recentPasskeys: [] }),
    [SEND_SMS]: ok({ cooldownSeconds: 60 }),
    [SEND_EMAIL]: ok({ cooldownSeconds: 60 }),
  });
}

/**
 * For every test of the describe block it is called in: a fresh `personalServer()` and English, both
 * undone afterwards. Returns the current test's server.
 */
export function personalApi(): () => ReturnType<typeof personalServer> {
  let api: ReturnType<typeof personalServer> | undefined;
  beforeEach(async () => {
    api = personalServer();
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api?.restore();
    await i18n.changeLanguage('zh-CN');
  });
  return () => {
    if (!api) throw new Error('personalApi: the server exists only while a test runs');
    return api;
  };
}

/** Sets a field's value in one event: typing key by key through antd in jsdom is slow and adds nothing here. */
export function fill(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}

/** Who the server says is signed in, in both the calls that say it. */
export function userRoutes(user: CurrentUser) {
  return {
    [CURRENT_USER]: ok(user),
    [PORTAL_INFO]: ok({ enterpriseId: null, userinfo: user, enterpriseProduct: [], production: false }),
  };
}

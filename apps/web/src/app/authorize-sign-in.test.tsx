import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@portal/shared/api/auth';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { LANGUAGES } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { paths } from '../config/paths';
import { PROVIDER, UID, interactionRoute, sampleClient, toProduct } from '../features/authorize/authorize-test-kit';
import { readToken, writeToken } from '../lib/cookies';
import { i18n } from '../lib/i18n';
import { fakeApi, ok, routeOf } from '../test/fake-api';
import { renderRoutes } from '../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../test/session-fixtures';
import { routes } from './router';

const STEP = interactionRoute(authorizeCalls.interactionStep);
const LOGIN = routeOf(signInCalls.login);
const PORTAL_INFO = routeOf(portalCalls.portalInfo);
const AUTHORIZE_URL = `/authorize?interaction=${UID}`;

let api: ReturnType<typeof fakeApi>;
let assign: ReturnType<typeof vi.fn>;

/** The portal as the app meets it: the interaction asks for a sign-in until a session is sent, then
 *  it is done; the person's account is `user`. */
function serve(user: CurrentUser = testUser) {
  api = fakeApi({
    [STEP]: () => (readToken() ? ok(toProduct()) : ok({ step: 'signIn', client: sampleClient, fresh: false })),
    [LOGIN]: ok({ token: 'tok-new-session-aaaaaaaaaaa', expiresAt: '2099-01-01T00:00:00Z' }),
    [routeOf(signInCalls.currentUser)]: ok(user),
    [PORTAL_INFO]: ok(testPortalInfo(2, user)),
    [routeOf(brandingCalls.personalization)]: ok(testPersonalization),
  });
}

async function signInWithAccount() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
  const form = within(screen.getByRole('tabpanel'));
  await userEvent.click(form.getByRole('textbox', { name: 'Account' }));
  await userEvent.paste('admin');
  await userEvent.click(form.getByLabelText('Password'));
  await userEvent.paste('Portal2026');
  await userEvent.click(form.getByRole('button', { name: 'Sign in' }));
}

/** The screens loaded on demand that these tests pass through, loaded once before any is timed. */
function lazyOf(list: RouteObject[], path: string): RouteObject['lazy'] {
  for (const route of list) {
    if (route.path === path) return route.lazy;
    const found = route.children ? lazyOf(route.children, path) : undefined;
    if (found) return found;
  }
  return undefined;
}

beforeAll(async () => {
  for (const path of [paths.authorize, paths.verifyPhone, paths.home]) {
    const lazy = lazyOf(routes, path);
    if (typeof lazy === 'function') await lazy();
  }
});

beforeEach(async () => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, hostname: 'localhost', protocol: 'http:' });
  await i18n.changeLanguage('en-US');
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe("a product's sign-in through the portal", () => {
  it('takes a visitor through the sign-in form and back to the interaction, which answers the product', async () => {
    serve();
    const { router } = renderRoutes(routes, AUTHORIZE_URL);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);

    await signInWithAccount();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(LOGIN)).toHaveLength(1);
    expect(api.sent(STEP)).toHaveLength(2);
    // the interaction, not the company's product or home
    expect(api.sent(PORTAL_INFO)).toEqual([]);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-in person who opens sign-in back to the waiting interaction, not home', async () => {
    serve();
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({
      step: 'company',
      client: sampleClient,
      companies: [
        { enterpriseId: 7, name: 'Sun Energy Ltd', entitled: true },
        { enterpriseId: 9, name: 'Grid Works', entitled: true },
      ],
    });
    window.sessionStorage.setItem('authorize:interaction', JSON.stringify({ uid: UID, at: Date.now() }));
    const { router } = renderRoutes(routes, paths.login);

    expect(await screen.findByRole('heading', { name: MESSAGES['en-US'].authorize.company.title })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(AUTHORIZE_URL);
  });

  it('keeps the interaction through the phone verification that follows the sign-in', async () => {
    serve({ ...testUser, phoneCertified: false });
    api.routes[routeOf(personalCalls.certification)] = ok({ certified: false, phone: null, deadline: '2999-12-31' });
    const { router } = renderRoutes(routes, AUTHORIZE_URL);

    await signInWithAccount();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.verifyPhone));
    // put off for now: the portal is entered, which goes on with the product's sign-in
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(PORTAL_INFO)).toEqual([]);
  });

  it('lands a sign-in without a waiting interaction where it always did', async () => {
    serve();
    const { router } = renderRoutes(routes, paths.login);
    await signInWithAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(api.sent(STEP)).toEqual([]);
  });

  // the person sees who asked before giving the portal a password
  it.each(LANGUAGES)('names the product that asked on the sign-in page, in %s', async (language) => {
    await i18n.changeLanguage(language);
    serve();
    renderRoutes(routes, AUTHORIZE_URL);
    const product = MESSAGES[language].products.esguard.name;
    const said = MESSAGES[language].web.login.productSubheading.replace('{{product}}', product);
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES[language].web.login.subheading)).not.toBeInTheDocument();
  });

  it("names a product the web app does not know by its client's name", async () => {
    serve();
    api.routes[STEP] = ok({ step: 'signIn', client: { ...sampleClient, productCode: 'newprod' }, fresh: false });
    renderRoutes(routes, AUTHORIZE_URL);
    expect(await screen.findByText('Sign in to continue to Storage Manager (test)')).toBeInTheDocument();
  });

  it('says nothing of a product on a sign-in no product asked for', async () => {
    serve();
    renderRoutes(routes, paths.login);
    expect(await screen.findByText(MESSAGES['en-US'].web.login.subheading)).toBeInTheDocument();
    expect(screen.queryByText(/Sign in to continue to/)).not.toBeInTheDocument();
  });
});

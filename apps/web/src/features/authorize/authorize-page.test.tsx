import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { paths } from '../../config/paths';
import { readToken, writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { portalInfo } from '../../test/portal-info';
import { renderRoutes } from '../../test/render-route';
import { AuthorizePage } from './authorize-page';
import { PROVIDER, UID, interactionRoute, partnerClient, sampleClient, toProduct } from './authorize-test-kit';

const en = MESSAGES['en-US'].authorize;
const STEP = interactionRoute(authorizeCalls.interactionStep);
const CHOOSE = interactionRoute(authorizeCalls.chooseInteractionCompany);
const CONSENT = interactionRoute(authorizeCalls.consentInteraction);
const CONTINUE = interactionRoute(authorizeCalls.continueInteraction);
const ABORT = interactionRoute(authorizeCalls.abortInteraction);
const LOGOUT = routeOf(signInCalls.logout);
const PENDING = 'authorize:interaction';

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [name, value]) => out.replace(`{{${name}}}`, value), text);

let api: ReturnType<typeof fakeApi>;
let assign: ReturnType<typeof vi.fn>;

function renderAuthorize(url = `/authorize?interaction=${UID}`) {
  return renderRoutes(
    [
      { path: paths.authorize, element: <AuthorizePage /> },
      { path: paths.login, element: <p>sign-in page</p> },
      { path: paths.twoStepSetup, element: <p>two-step set-up</p> },
      { path: paths.home, element: <p>home page</p> },
    ],
    url,
  );
}

const pendingUid = () => (JSON.parse(window.sessionStorage.getItem(PENDING) ?? 'null') as { uid: string } | null)?.uid;

beforeEach(async () => {
  api = fakeApi({});
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  await i18n.changeLanguage('en-US');
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('the interaction screen', () => {
  it('sends a visitor to sign in and remembers the interaction for afterwards', async () => {
    api.routes[STEP] = ok({ step: 'signIn', client: sampleClient, fresh: false });
    const { router } = renderAuthorize();
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(pendingUid()).toBe(UID);
    expect(api.sent(LOGOUT)).toEqual([]);
  });

  it('signs the person out first when the product asks for a new sign-in, so that the form shows', async () => {
    writeToken('tok-old-session-aaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'signIn', client: sampleClient, fresh: true });
    api.routes[LOGOUT] = ok();
    renderAuthorize();
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(api.sent(LOGOUT)).toHaveLength(1);
    expect(readToken()).toBeUndefined();
    expect(pendingUid()).toBe(UID);
  });

  it('sends a member to the two-step set-up their company requires, remembering the interaction', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'twoStepSetup', client: sampleClient });
    renderAuthorize();
    expect(await screen.findByText('two-step set-up')).toBeInTheDocument();
    expect(pendingUid()).toBe(UID);
  });

  it('goes on when nothing is left to ask: finishes with a call of its own, once, then to the provider by a full page load', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'continue', client: sampleClient });
    api.routes[CONTINUE] = ok(toProduct(`${PROVIDER}?done`));
    renderAuthorize();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}?done`));
    expect(api.sent(CONTINUE)).toEqual([{}]);
    expect(pendingUid()).toBeUndefined();
  });

  it('lets the person choose the company, marking one without the product, and goes on with the choice', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({
      step: 'company',
      client: sampleClient,
      companies: [
        { enterpriseId: 3, name: 'Wind Farm Ltd', entitled: false },
        { enterpriseId: 7, name: 'Sun Energy Ltd', entitled: true },
        { enterpriseId: 9, name: 'Grid Works', entitled: true },
      ],
    });
    api.routes[CHOOSE] = ok(toProduct());
    renderAuthorize();

    expect(await screen.findByRole('heading', { name: en.company.title })).toBeInTheDocument();
    const product = MESSAGES['en-US'].products.esguard.name;
    expect(screen.getByText(fill(en.company.description, { product }))).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: en.company.label });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // the first company with the product is chosen to begin with; the one without says so
    expect(within(group).getByRole('radio', { name: /Sun Energy Ltd/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Wind Farm Ltd/ })).toHaveAccessibleDescription(
      fill(en.company.noAccess, { product }),
    );

    await userEvent.click(within(group).getByRole('radio', { name: /Grid Works/ }));
    await userEvent.click(screen.getByRole('button', { name: en.company.continue }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(CHOOSE)).toEqual([{ enterpriseId: 9 }]);
  });

  it('shows the refusal after a company without the product, and goes back to the list', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    const companies = [
      { enterpriseId: 3, name: 'Wind Farm Ltd', entitled: false },
      { enterpriseId: 7, name: 'Sun Energy Ltd', entitled: true },
    ];
    api.routes[STEP] = ok({ step: 'company', client: sampleClient, companies });
    api.routes[CHOOSE] = ok({ step: 'denied', client: sampleClient, company: companies[0], otherCompanies: true });
    renderAuthorize();

    await userEvent.click(await screen.findByRole('radio', { name: /Wind Farm Ltd/ }));
    await userEvent.click(screen.getByRole('button', { name: en.company.continue }));
    const product = MESSAGES['en-US'].products.esguard.name;
    const refusal = await screen.findByRole('heading', { name: fill(en.denied.title, { product }) });
    // the button pressed is gone: the focus goes on at the new step's heading
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(screen.getByTestId('authorize-denied')).toHaveTextContent(
      fill(en.denied.description, { company: 'Wind Farm Ltd', product }),
    );

    await userEvent.click(screen.getByRole('button', { name: en.denied.otherCompany }));
    await waitFor(() => expect(screen.getByRole('heading', { name: en.company.title })).toHaveFocus());
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it("lists the person's companies when the product named the one without its right", async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({
      step: 'denied',
      client: sampleClient,
      company: { enterpriseId: 3, name: 'Wind Farm Ltd', entitled: false },
      otherCompanies: true,
    });
    api.routes[routeOf(portalCalls.portalInfo)] = ok(portalInfo('member', ['seop', 'esguard']));
    api.routes[CHOOSE] = ok(toProduct());
    renderAuthorize();

    await userEvent.click(await screen.findByRole('button', { name: en.denied.otherCompany }));
    const sun = await screen.findByRole('radio', { name: /Sun Energy Ltd/ });
    expect(sun).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: en.company.continue }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.sent(CHOOSE)).toEqual([{ enterpriseId: 7 }]);
  });

  it('goes back to the product from the refusal: the interaction is aborted, without another company to offer', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'denied', client: sampleClient, company: null, otherCompanies: false });
    api.routes[ABORT] = ok(toProduct('http://product.test/callback?error=access_denied'));
    renderAuthorize();

    const product = MESSAGES['en-US'].products.esguard.name;
    expect(await screen.findByText(fill(en.denied.noCompany, { product }))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.denied.otherCompany })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: fill(en.denied.back, { product }) }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://product.test/callback?error=access_denied'));
    expect(api.sent(ABORT)).toEqual([{}]);
  });

  it.each([
    ['a company without the product', { enterpriseId: 3, name: 'Wind Farm Ltd', entitled: false }],
    ['no company with the product', null],
  ])(
    'offers to sign in with another account after a refusal (%s), coming back to the same interaction',
    async (_, company) => {
      writeToken('tok-session-aaaaaaaaaaaaaaaa');
      api.routes[STEP] = ok({ step: 'denied', client: sampleClient, company, otherCompanies: false });
      api.routes[LOGOUT] = ok();
      renderAuthorize();

      await userEvent.click(await screen.findByRole('button', { name: en.denied.otherAccount }));
      expect(await screen.findByText('sign-in page')).toBeInTheDocument();
      // signed out of the portal, so that the sign-in form shows; the interaction waits for the new sign-in
      expect(api.sent(LOGOUT)).toHaveLength(1);
      expect(readToken()).toBeUndefined();
      expect(pendingUid()).toBe(UID);
      expect(api.sent(ABORT)).toEqual([]);
    },
  );

  it("asks a third-party product's consent, one line per scope, and allows it for the company", async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({
      step: 'consent',
      client: partnerClient,
      company: { enterpriseId: 7, name: 'Sun Energy Ltd', entitled: true },
      scopes: ['openid', 'profile', 'email', 'phone', 'company', 'offline_access', 'product'],
      resources: [],
    });
    api.routes[CONSENT] = ok(toProduct());
    renderAuthorize();

    // headed with the partner's application, the platform's product named as what it is for
    const product = MESSAGES['en-US'].products.seop.name;
    expect(
      await screen.findByRole('heading', { name: fill(en.consent.title, { client: 'Partner Insights' }) }),
    ).toBeInTheDocument();
    expect(screen.getByText(fill(en.consent.description, { product }))).toBeInTheDocument();
    const lines = within(screen.getByTestId('authorize-consent-step')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      en.consent.scopes.openid,
      en.consent.scopes.profile,
      en.consent.scopes.email,
      en.consent.scopes.phone,
      en.consent.scopes.company,
      en.consent.scopes.offlineAccess,
      fill(en.consent.scopes.product, { product }),
    ]);
    expect(screen.getByText('Sun Energy Ltd')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: en.consent.allow }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(CONSENT)).toEqual([{ enterpriseId: 7 }]);
    expect(api.sent(ABORT)).toEqual([]);
  });

  it('names each API the product scope would open, with its address', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    const uri = 'https://energy.example.com/mg';
    api.routes[STEP] = ok({
      step: 'consent',
      client: partnerClient,
      company: null,
      scopes: ['openid', 'product'],
      resources: [{ uri, productCode: 'mgguard' }],
    });
    renderAuthorize();

    const microgrid = MESSAGES['en-US'].products.mgguard.name;
    await screen.findByTestId('authorize-consent-step');
    const lines = within(screen.getByTestId('authorize-consent-step')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      en.consent.scopes.openid,
      `${fill(en.consent.scopes.product, { product: microgrid })} ${uri}`,
    ]);
  });

  it('aborts the interaction when the person denies the consent', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'consent', client: partnerClient, company: null, scopes: ['openid'], resources: [] });
    api.routes[ABORT] = ok(toProduct('http://partner.test/cb?error=access_denied'));
    renderAuthorize();

    await userEvent.click(await screen.findByRole('button', { name: en.consent.deny }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://partner.test/cb?error=access_denied'));
    expect(api.sent(CONSENT)).toEqual([]);
    expect(api.sent(ABORT)).toHaveLength(1);
  });

  it('says that an unknown or expired request is over, without a toast, and leads to sign-in', async () => {
    window.sessionStorage.setItem(PENDING, JSON.stringify({ uid: UID, at: Date.now() }));
    api.routes[STEP] = fail(ErrorCode.NotFound);
    renderAuthorize();

    expect(await screen.findByRole('heading', { name: en.expired.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.expired.signIn })).toHaveAttribute('href', paths.login);
    expect(api.toasts).not.toHaveBeenCalled();
    await waitFor(() => expect(pendingUid()).toBeUndefined());
  });

  it('says the request is over when it expires between two steps, and leads a signed-in person home', async () => {
    writeToken('tok-session-aaaaaaaaaaaaaaaa');
    api.routes[STEP] = ok({ step: 'consent', client: partnerClient, company: null, scopes: ['openid'], resources: [] });
    api.routes[CONSENT] = fail(ErrorCode.NotFound);
    renderAuthorize();

    await userEvent.click(await screen.findByRole('button', { name: en.consent.allow }));
    expect(await screen.findByRole('heading', { name: en.expired.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.expired.home })).toHaveAttribute('href', paths.home);
  });

  it('shows the expired screen for an address without an interaction, asking nothing', async () => {
    renderAuthorize('/authorize');
    expect(await screen.findByRole('heading', { name: en.expired.title })).toBeInTheDocument();
    expect(api.sent(STEP)).toEqual([]);
  });
});

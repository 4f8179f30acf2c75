import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { contract } from '@portal/shared/api/contract';
import { DEVICE_SIGN_IN_HOURS } from '@portal/shared/api/sites';
import { COOKIE_TOKEN } from '@portal/shared/cookies';
import {
  POLL_INTERVAL_S,
  SLOW_DOWN_STEP_S,
  USER_CODE_ENTRIES_PER_ADDRESS,
  USER_CODE_ENTRIES_PER_CODE,
} from '../../src/libraries/openid/device-flow.ts';
import { productResource } from '../../src/libraries/openid/provider.ts';
import { ACR } from '../../src/libraries/openid/step-up.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { call } from '../support/http.ts';
import {
  CookieJar,
  type OpenIdTestApp,
  type TestClient,
  browse,
  registerClient,
  screenCall,
  signedInMember,
  startOpenIdApp,
} from '../support/openid.ts';
import { share, siteCompany, newSite } from '../support/sites.ts';
import { ENGINE } from '../support/test-app.ts';
import { authenticatorCode, turnOnTwoStep } from '../support/two-step.ts';

/**
 * Device sign-in (RFC 8628) as a device written with oauth4webapi does it: it asks for a code, shows
 * it, and polls the token endpoint while the person approves it on the portal's page from their
 * phone (driven here over HTTP with the browser's cookies).
 */
let t: OpenIdTestApp;
let device: TestClient;
let other: TestClient;
let as: oauth.AuthorizationServer;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  // the address of each request is the one it forwards, as behind the portal's proxy
  t = await startOpenIdApp({ TRUST_PROXY: 'true' });
  device = await registerClient(t, { productCode: 'esguard', public: true, device: true });
  other = await registerClient(t, { productCode: 'esguard', public: true, device: true });
  const issuer = new URL(t.issuer);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }),
  );
});
afterAll(async () => {
  await t?.close();
});

const options = { [oauth.allowInsecureRequests]: true } as const;

async function startDevice(client = device, params: Record<string, string> = {}) {
  const response = await oauth.deviceAuthorizationRequest(
    as,
    { client_id: client.clientId },
    oauth.None(),
    new URLSearchParams({ scope: 'openid profile company', ...params }),
    { ...options, headers: new Headers({ 'user-agent': 'EMS-Panel/2.1' }) },
  );
  return oauth.processDeviceAuthorizationResponse(as, { client_id: client.clientId }, response);
}

async function refresh(refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(
    as,
    { client_id: device.clientId },
    oauth.None(),
    refreshToken,
    options,
  );
  return oauth.processRefreshTokenResponse(as, { client_id: device.clientId }, response);
}

async function poll(deviceCode: string, client = device) {
  const response = await oauth.deviceCodeGrantRequest(
    as,
    { client_id: client.clientId },
    oauth.None(),
    deviceCode,
    options,
  );
  return oauth.processDeviceCodeResponse(as, { client_id: client.clientId }, response);
}

async function pollError(deviceCode: string, client = device) {
  try {
    await poll(deviceCode, client);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error;
    throw error;
  }
  throw new Error('the poll succeeded');
}

const xsrfOf = (html: string) => html.match(/name="xsrf" value="([^"]+)"/)![1]!;

/** Enters `entered` on the code page in the browser `jar`: the page the provider answers. */
async function enterCode(jar: CookieJar, entered: string, address?: string) {
  const page = await browse(jar, `${t.issuer}/oidc/device`);
  const xsrf = xsrfOf(await page.text());
  return browse(jar, `${t.issuer}/oidc/device`, {
    method: 'POST',
    headers: { ...FORM, ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({ xsrf, user_code: entered }),
  });
}

/** The person's approval (or refusal) on the confirmation page, through the portal's sign-in screen. */
async function approve(
  jar: CookieJar,
  token: string,
  confirmation: string,
  refuse = false,
  stepUp?: (uid: string, step: AuthorizeStep) => Promise<AuthorizeStep>,
) {
  const xsrf = xsrfOf(confirmation);
  const userCode = confirmation.match(/name="user_code" value="([^"]+)"/)![1]!;
  let response = await browse(jar, `${t.issuer}/oidc/device`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ xsrf, user_code: userCode, confirm: 'yes', ...(refuse ? { abort: 'yes' } : {}) }),
  });
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location) return response;
    const next = new URL(location, t.issuer);
    if (next.pathname === '/authorize') {
      const uid = next.searchParams.get('interaction')!;
      const reply = await screenCall(t, jar, contract.interactionStep, { uid, token });
      if (!reply.data) throw new Error(`the sign-in screen answered ${reply.code} ${reply.msg}`);
      let step = reply.data;
      if (stepUp && step.step !== 'continue' && step.step !== 'redirect') step = await stepUp(uid, step);
      if (step.step === 'continue')
        step = (await screenCall(t, jar, contract.continueInteraction, { uid, token, body: {} })).data;
      if (step.step !== 'redirect') throw new Error(`the sign-in screen stopped at ${step.step}`);
      response = await browse(jar, new URL(step.to, t.issuer).href);
    } else {
      response = await browse(jar, next.href);
    }
  }
  throw new Error('too many redirects');
}

async function signedInBrowser() {
  const member = await signedInMember(t, ['esguard']);
  const jar = new CookieJar();
  jar.set(COOKIE_TOKEN, encodeURIComponent(member.token));
  return { ...member, jar };
}

describe(`device sign-in (${ENGINE})`, () => {
  it('answers the interval, slows a device that polls too fast and signs the person in', async () => {
    const started = await startDevice();
    expect(started.interval).toBe(POLL_INTERVAL_S);
    expect(started.user_code).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
    expect(started.verification_uri).toBe(`${t.issuer}/oidc/device`);
    expect(started.verification_uri_complete).toContain(encodeURIComponent(started.user_code).replace('%2D', '-'));

    // at once: too soon, and again: the interval grows each time
    const first = await pollError(started.device_code);
    expect(first.error).toBe('slow_down');
    expect(first.cause).toMatchObject({ interval: POLL_INTERVAL_S + SLOW_DOWN_STEP_S });
    const second = await pollError(started.device_code);
    expect(second.cause).toMatchObject({ interval: POLL_INTERVAL_S + 2 * SLOW_DOWN_STEP_S });

    t.clock.advance((POLL_INTERVAL_S + 2 * SLOW_DOWN_STEP_S) * 1000);
    expect((await pollError(started.device_code)).error).toBe('authorization_pending');

    const { jar, token, user } = await signedInBrowser();
    // lower case and without its dash: the same code
    const entered = await enterCode(jar, started.user_code.replace('-', '').toLowerCase());
    const confirmation = await entered.text();
    expect(entered.status).toBe(200);
    expect(confirmation).toContain('EMS-Panel/2.1');
    expect(confirmation).toContain(started.user_code);
    const done = await approve(jar, token, confirmation);
    expect(done.status).toBe(200);

    t.clock.advance(30_000);
    const tokens = await poll(started.device_code);
    expect(tokens.access_token).toBeTruthy();
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims.sub).toBe(String(user.id));
  });

  it('asks for the two factors the device asked for before it gets a token: the password, then a code', async () => {
    const started = await startDevice(device, { acr_values: ACR.twoFactors });
    const { jar, token } = await signedInBrowser();
    const { secret } = await turnOnTwoStep(t, token);
    const confirmation = await (await enterCode(jar, started.user_code)).text();
    // the portal session alone does not do: the sign-in screen stops at its step-up
    const asked: AuthorizeStep[] = [];
    await approve(jar, token, confirmation, false, async (uid, step) => {
      asked.push(step);
      const prove = async (body: unknown) =>
        (await screenCall<AuthorizeStep>(t, jar, contract.reauthenticateInteraction, { uid, token, body })).data;
      asked.push(await prove({ password: PASSWORD }));
      return prove({ code: await authenticatorCode(t, secret) });
    });
    expect(asked[0]).toMatchObject({ step: 'reauthenticate', methods: ['password', 'code'], secondFactor: true });
    expect(asked[1]).toMatchObject({ step: 'reauthenticate', methods: ['code'], secondFactor: true });

    t.clock.advance(30_000);
    const claims = oauth.getValidatedIdTokenClaims(await poll(started.device_code))!;
    expect(claims.acr).toBe(ACR.twoFactors);
    expect(claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
  });

  it('refuses a device code polled by another client', async () => {
    const started = await startDevice();
    expect((await pollError(started.device_code, other)).error).toBe('invalid_grant');
  });

  it('gives the device nothing when the person refuses', async () => {
    const started = await startDevice();
    const { jar, token } = await signedInBrowser();
    const confirmation = await (await enterCode(jar, started.user_code)).text();
    await approve(jar, token, confirmation, true);
    t.clock.advance(60_000);
    expect((await pollError(started.device_code)).error).toBe('access_denied');
  });

  it('locks code entry from an address after ten entries, a right one among them', async () => {
    const address = '203.0.113.77';
    const started = await startDevice();
    const jar = new CookieJar();
    for (let entry = 0; entry < USER_CODE_ENTRIES_PER_ADDRESS; entry++) {
      const wrong = await enterCode(jar, `WRNG-${'BCDFGHJKLM'[entry]}XYZ`, address);
      expect(wrong.status).not.toBe(429);
    }
    const locked = await enterCode(jar, started.user_code, address);
    expect(locked.status).toBe(429);
    expect(await locked.text()).not.toContain(started.user_code);
    // another address still enters its code
    expect((await enterCode(new CookieJar(), started.user_code, '198.51.100.5')).status).toBe(200);
  });

  it('limits the entries of one code from many addresses, a right one among them', async () => {
    const started = await startDevice();
    for (let entry = 0; entry < USER_CODE_ENTRIES_PER_CODE; entry++) {
      const reply = await enterCode(new CookieJar(), started.user_code, `192.0.2.${entry + 1}`);
      expect(reply.status).toBe(200);
    }
    expect((await enterCode(new CookieJar(), started.user_code.toLowerCase(), '192.0.2.99')).status).toBe(429);
  });
});

describe(`device sign-in for a site (${ENGINE})`, () => {
  const DAY = 86_400_000;
  /** An owner's site shared with an O&M company, one of whose technicians is assigned to it. */
  async function technicianOnSite(endsInMs = 30 * DAY, template: 'operator' | 'technician' = 'operator') {
    const owner = await siteCompany(t.app);
    const om = await siteCompany(t.app);
    const siteId = await newSite(t.app, owner, { name: 'Dongguan Rooftop 7' });
    const [grant] = await share(t.app, owner, {
      siteIds: [siteId],
      domain: om.domain,
      template,
      endsAt: new Date(t.app.ctx.now() + endsInMs).toISOString(),
    });
    const assigned = await call(t.app, contract.addAssignment, {
      token: om.token,
      body: { grantId: grant!.grantId, userId: om.admin.id, template },
    });
    expect(assigned.code, assigned.msg).toBe(0);
    // the O&M company's administrator, assigned as its technician
    const jar = new CookieJar();
    jar.set(COOKIE_TOKEN, encodeURIComponent(om.token));
    return { owner, siteId, grant: grant!, token: om.token, jar };
  }

  const resource = () => productResource(t.app.ctx, 'esguard');

  async function signInOnSite(jar: CookieJar, token: string, siteId: string) {
    const started = await startDevice(device, {
      scope: 'openid product offline_access',
      resource: resource(),
      site_id: siteId,
    });
    const confirmation = await (await enterCode(jar, started.user_code)).text();
    await approve(jar, token, confirmation);
    t.clock.advance(30_000);
    return { started, confirmation };
  }

  it("names the site on the confirmation, and the device's token is for the site's product until the grant is revoked", async () => {
    const { owner, siteId, grant, token, jar } = await technicianOnSite();
    const { started, confirmation } = await signInOnSite(jar, token, siteId);
    expect(confirmation).toContain('Dongguan Rooftop 7');
    const tokens = await poll(started.device_code);
    expect(tokens.refresh_token).toBeTruthy();
    const access = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
      sites?: { id: string }[];
    };
    expect(access.aud).toBe(resource());
    expect(access.sites?.map((s) => s.id)).toContain(siteId);

    const renewed = await refresh(tokens.refresh_token!);
    expect(renewed.access_token).toBeTruthy();

    const revoked = await call(t.app, contract.revokeGrant, { token: owner.token, body: { grantId: grant.grantId } });
    expect(revoked.code, revoked.msg).toBe(0);
    const refused = await refresh(renewed.refresh_token!).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oauth.ResponseBodyError);
    expect((refused as oauth.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('gives no token for a site the person may not act on', async () => {
    const { siteId } = await technicianOnSite();
    const stranger = await signedInBrowser();
    const { started } = await signInOnSite(stranger.jar, stranger.token, siteId);
    expect((await pollError(started.device_code)).error).toBe('access_denied');
  });

  it("gives an access token that ends no later than the person's access to the site", async () => {
    const { siteId, token, jar } = await technicianOnSite(30 * 60_000);
    const { started } = await signInOnSite(jar, token, siteId);
    const tokens = await poll(started.device_code);
    const access = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    // the grant ends in 30 minutes, 30 s of them spent polling: not the hour of other tokens
    expect(access.exp - access.iat).toBeLessThanOrEqual(30 * 60 - 30);
    expect(access.exp - access.iat).toBeGreaterThan(30 * 60 - 90);
    expect(tokens.expires_in).toBeLessThanOrEqual(30 * 60 - 30);
  });

  it("keeps a technician's device signed in for a working day and an operator's longer", async () => {
    const technician = await technicianOnSite(30 * DAY, 'technician');
    const tech = await signInOnSite(technician.jar, technician.token, technician.siteId);
    const techTokens = await poll(tech.started.device_code);
    const operator = await technicianOnSite(30 * DAY, 'operator');
    const op = await signInOnSite(operator.jar, operator.token, operator.siteId);
    const opTokens = await poll(op.started.device_code);

    // an hour before the working day ends, the technician's device gets a token for what is left of it
    t.clock.advance((DEVICE_SIGN_IN_HOURS.technician - 1) * 3_600_000);
    const late = await refresh(techTokens.refresh_token!);
    expect(late.expires_in).toBeLessThanOrEqual(3_600 - 30);
    expect(late.expires_in).toBeGreaterThan(3_600 - 120);

    t.clock.advance(3_600_000);
    const ended = await refresh(late.refresh_token!).catch((error: unknown) => error);
    expect(ended).toBeInstanceOf(oauth.ResponseBodyError);
    expect((ended as oauth.ResponseBodyError).error).toBe('invalid_grant');
    // the operator's device, signed in as long ago, goes on
    const goesOn = await refresh(opTokens.refresh_token!);
    expect(goesOn.expires_in).toBe(3_600);
  });
});

import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { runCli } from '../../src/cli.ts';
import { purgeExpired } from '../../src/libraries/platform/retention.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { call, tokenFor } from '../support/http.ts';
import { type OpenIdTestApp, oauthErrorOf, startOpenIdApp, verifyJwt } from '../support/openid.ts';
import { DAY, type SiteCompany, eventsOf, newSite, share, siteCompany } from '../support/sites.ts';
import { ENGINE } from '../support/test-app.ts';

/** A gateway claimed into a site, as a person claims it and the gateway exchanges its claim, over HTTP. */
describe(`gateway claim (${ENGINE})`, () => {
  let t: OpenIdTestApp;
  let owner: SiteCompany;
  let siteId: string;
  let serials = 0;
  beforeAll(async () => {
    t = await startOpenIdApp();
    owner = await siteCompany(t.app);
    siteId = await newSite(t.app, owner, { productCodes: ['esguard'] });
  });
  afterAll(async () => t?.close());

  const at = (ms: number) => new Date(t.app.ctx.now() + ms).toISOString();

  async function claim(by: SiteCompany, site = siteId, serial = `GW-${++serials}`) {
    const reply = await call(t.app, contract.claimDevice, {
      token: by.token,
      body: { siteId: site, serial, claimCode: 'ab12-cd34', productCode: 'esguard' },
    });
    return { reply, serial };
  }
  /** `portal devices ...` against the app's database and issuer, in this process. */
  async function portal(...args: string[]): Promise<{ exitCode: number; stdout: string }> {
    const database = t.testDb.config;
    let stdout = '';
    const exitCode = await runCli(args, {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        PUBLIC_URL: t.issuer,
        LOG_LEVEL: 'silent',
      },
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stdout += text) },
    });
    return { exitCode, stdout };
  }
  const exchange = (body: Record<string, unknown>) => call(t.app, contract.exchangeDeviceClaim, { body });

  /** openid-client configured with the gateway's own client, as the gateway would be. */
  async function gateway(client: { clientId: string; clientSecret: string | null }) {
    return oidc.discovery(new URL(t.issuer), client.clientId, undefined, oidc.ClientSecretBasic(client.clientSecret!), {
      execute: [oidc.allowInsecureRequests],
    });
  }

  async function claimedGateway(by: SiteCompany = owner, site = siteId) {
    const { reply, serial } = await claim(by, site);
    expect(reply.code, reply.msg).toBe(0);
    const exchanged = await exchange({ claim: reply.data.claim, serial, claimCode: 'AB12CD34' });
    expect(exchanged.code, exchanged.msg).toBe(0);
    return { ...exchanged.data, serial, config: await gateway(exchanged.data) };
  }

  it('claims, exchanges once, and the gateway gets client credentials tokens for the product with its site', async () => {
    const { reply, serial } = await claim(owner);
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data).toMatchObject({ deviceId: expect.stringMatching(/^dev_/), serial, claim: expect.any(String) });
    const body = { claim: reply.data.claim, serial, claimCode: 'AB12CD34' };
    const first = await exchange(body);
    expect(first.code, first.msg).toBe(0);
    expect((await exchange(body)).code).toBe(ErrorCode.DeviceClaimInvalid);

    const config = await gateway(first.data);
    const tokens = await oidc.clientCredentialsGrant(config, { resource: first.data.resource, scope: 'product' });
    const { payload } = await verifyJwt(t, tokens.access_token, first.data.resource);
    expect(payload).toMatchObject({ aud: first.data.resource, site_id: siteId, client_id: first.data.clientId });

    const listed = await call(t.app, contract.siteDevices, { token: owner.token, query: { siteId } });
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.items.find((d: { serial: string }) => d.serial === serial)).toMatchObject({
      state: 'claimed',
      exchanged: true,
      lastUsedAt: expect.any(String),
    });
    const types = (await eventsOf(t.app, owner, 'device.exchanged')).map((e) => e.data.serial);
    expect(types).toContain(serial);
  });

  it('refuses a serial claimed already, and a person of a company without configure', async () => {
    const { reply, serial } = await claim(owner);
    expect(reply.code).toBe(0);
    expect((await claim(owner, siteId, serial)).reply.code).toBe(ErrorCode.DeviceSerialClaimed);
    const viewer = await siteCompany(t.app);
    await share(t.app, owner, {
      siteIds: [siteId],
      domain: viewer.domain,
      template: 'technician',
      endsAt: at(30 * DAY),
    });
    expect((await claim(viewer)).reply.code).toBe(ErrorCode.DeviceClaimNotAllowed);
    const stranger = await siteCompany(t.app);
    expect((await claim(stranger)).reply.code).toBe(ErrorCode.NotFound);
  });

  it('claims one serial once of twenty claims raced: the others are told it is claimed', async () => {
    const serial = `GW-RACE-${++serials}`;
    const codes = (await Promise.all(Array.from({ length: 20 }, () => claim(owner, siteId, serial)))).map(
      (claimed) => claimed.reply.code,
    );
    expect(
      codes.filter((code) => code === 0),
      codes.join(','),
    ).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.DeviceSerialClaimed)).toHaveLength(19);
  });

  it('un-claiming makes the next token request invalid_client', async () => {
    const device = await claimedGateway();
    await oidc.clientCredentialsGrant(device.config, { resource: device.resource, scope: 'product' });
    const un = await call(t.app, contract.unclaimDevice, {
      token: owner.token,
      body: { siteId, deviceId: device.deviceId },
    });
    expect(un.code, un.msg).toBe(0);
    expect(
      await oauthErrorOf(oidc.clientCredentialsGrant(device.config, { resource: device.resource, scope: 'product' })),
    ).toBe('invalid_client');
    expect((await eventsOf(t.app, owner, 'device.revoked')).map((e) => e.data.deviceId)).toContain(device.deviceId);
    const listed = await call(t.app, contract.siteDevices, { token: owner.token, query: { siteId } });
    expect(listed.data.items.find((d: { deviceId: string }) => d.deviceId === device.deviceId)).toMatchObject({
      state: 'revoked',
      revokedBecause: 'unclaimed',
      stoppedBecause: null,
    });
  });

  it("the operator lists a site's gateways and revokes one from the command line", async () => {
    const device = await claimedGateway();
    const listed = await portal('devices', 'list', siteId);
    expect(listed.exitCode, listed.stdout).toBe(0);
    expect(listed.stdout).toContain(device.serial);
    const revoked = await portal('devices', 'revoke', siteId, '--gateway', device.deviceId);
    expect(revoked.exitCode, revoked.stdout).toBe(0);
    expect(
      await oauthErrorOf(oidc.clientCredentialsGrant(device.config, { resource: device.resource, scope: 'product' })),
    ).toBe('invalid_client');
  });

  it('ending the grant it was claimed through, or retiring the site, stops the gateway at once', async () => {
    const site = await newSite(t.app, owner, { productCodes: ['esguard'] });
    const installer = await siteCompany(t.app);
    const [grant] = await share(t.app, owner, {
      siteIds: [site],
      domain: installer.domain,
      template: 'installer',
      endsAt: at(30 * DAY),
    });
    const viaGrant = await claimedGateway(installer, site);
    const own = await claimedGateway(owner, site);
    const ask = (d: typeof own) => oidc.clientCredentialsGrant(d.config, { resource: d.resource, scope: 'product' });
    await ask(viaGrant);
    const revoked = await call(t.app, contract.revokeGrant, { token: owner.token, body: { grantId: grant!.grantId } });
    expect(revoked.code, revoked.msg).toBe(0);
    expect(await oauthErrorOf(ask(viaGrant))).toBe('invalid_client');
    await ask(own);
    const retired = await call(t.app, contract.retireSite, { token: owner.token, body: { siteId: site } });
    expect(retired.code, retired.msg).toBe(0);
    expect(await oauthErrorOf(ask(own))).toBe('invalid_client');
    // the site's page says why each one was revoked
    const listed = await call(t.app, contract.siteDevices, { token: owner.token, query: { siteId: site } });
    const because = Object.fromEntries(
      listed.data.items.map((d: { deviceId: string; revokedBecause: string | null }) => [d.deviceId, d.revokedBecause]),
    );
    expect(because).toEqual({ [viaGrant.deviceId]: 'grant_ended', [own.deviceId]: 'site_retired' });
  });

  it('gives one client for twenty exchanges of one claim at once', async () => {
    const { reply, serial } = await claim(owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => exchange({ claim: reply.data.claim, serial, claimCode: 'AB12CD34' })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.DeviceClaimInvalid)).toHaveLength(19);
  });
  // last: it moves the clock past the fresh proof of every session
  it('refuses an exchange for another serial or code, and a late one', async () => {
    const { reply, serial } = await claim(owner);
    expect((await exchange({ claim: reply.data.claim, serial: 'OTHER-1', claimCode: 'AB12CD34' })).code).toBe(
      ErrorCode.DeviceClaimInvalid,
    );
    expect((await exchange({ claim: reply.data.claim, serial, claimCode: 'ZZZZ9999' })).code).toBe(
      ErrorCode.DeviceClaimInvalid,
    );
    t.clock.advance(10 * 60_000 + 1);
    expect((await exchange({ claim: reply.data.claim, serial, claimCode: 'AB12CD34' })).code).toBe(
      ErrorCode.DeviceClaimInvalid,
    );
    // the purge sweep deletes the claim past its end
    expect((await purgeExpired(t.app.ctx)).devices).toBeGreaterThanOrEqual(1);
  });

  it('a grant that ends by its time stops the gateways claimed through it, without a write', async () => {
    // new companies: their sessions' proofs are fresh after the clock moved above
    const [a, b] = [await siteCompany(t.app), await siteCompany(t.app)];
    const site = await newSite(t.app, a, { productCodes: ['esguard'] });
    await share(t.app, a, { siteIds: [site], domain: b.domain, template: 'installer', endsAt: at(2 * DAY) });
    const device = await claimedGateway(b, site);
    const ask = () => oidc.clientCredentialsGrant(device.config, { resource: device.resource, scope: 'product' });
    await ask();
    t.clock.advance(3 * DAY);
    expect(await oauthErrorOf(ask())).toBe('invalid_client');
    // the owner's list says so too: the row still reads claimed, the gateway no longer works (signed in
    // again: the session ended with the days past)
    const token = await tokenFor(t.app, a.admin.account, PASSWORD);
    const listed = await call(t.app, contract.siteDevices, { token, query: { siteId: site } });
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.items.find((d) => d.deviceId === device.deviceId)).toMatchObject({
      state: 'stopped',
      stoppedBecause: 'grant_ended',
      revokedAt: null,
    });
  });

  it('lists a gateway whose product the site left as stopped, and un-claiming it revokes it', async () => {
    const owner = await siteCompany(t.app, ['settcntr', 'esguard', 'mgguard']);
    const site = await newSite(t.app, owner, { productCodes: ['esguard', 'mgguard'] });
    const device = await claimedGateway(owner, site);
    const other = await claim(owner, site);
    expect(other.reply.code, other.reply.msg).toBe(0);
    const list = async () => {
      const listed = await call(t.app, contract.siteDevices, { token: owner.token, query: { siteId: site } });
      expect(listed.code, listed.msg).toBe(0);
      return listed.data.items;
    };
    expect((await list()).map((d) => [d.state, d.stoppedBecause])).toEqual([
      ['claimed', null],
      ['claimed', null],
    ]);
    const moved = await call(t.app, contract.updateSite, {
      token: owner.token,
      body: { siteId: site, productCodes: ['mgguard'] },
    });
    expect(moved.code, moved.msg).toBe(0);
    expect((await list()).map((d) => [d.serial, d.state, d.stoppedBecause])).toEqual([
      [other.serial, 'stopped', 'product_removed'],
      [device.serial, 'stopped', 'product_removed'],
    ]);
    const un = await call(t.app, contract.unclaimDevice, {
      token: owner.token,
      body: { siteId: site, deviceId: device.deviceId },
    });
    expect(un.code, un.msg).toBe(0);
    expect((await list()).find((d) => d.deviceId === device.deviceId)).toMatchObject({
      state: 'revoked',
      stoppedBecause: null,
      revokedAt: expect.any(String),
    });
  });
});

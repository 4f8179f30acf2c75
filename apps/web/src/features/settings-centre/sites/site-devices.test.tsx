import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCalls } from '@portal/shared/api/contract/devices';
import { personalCalls } from '@portal/shared/api/contract/personal';
import type { SiteDevice } from '@portal/shared/api/devices';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { dialogWith } from '../test/dialog';
import { fill } from '../test/fill';
import { type DevicesSite, SiteDevices } from './site-devices';

const LIST = routeOf(deviceCalls.siteDevices);
const CLAIM = routeOf(deviceCalls.claimDevice);
const UNCLAIM = routeOf(deviceCalls.unclaimDevice);
const REAUTHENTICATE = routeOf(personalCalls.reauthenticate);
const SITE_ID = `site_${'A'.repeat(22)}`;
const CLAIM_CREDENTIAL = 'dcl_once-only-credential';

const site = (over: Partial<DevicesSite> = {}): DevicesSite => ({
  siteId: SITE_ID,
  name: 'Plant 1',
  productCodes: ['esguard', 'mgguard'],
  retired: false,
  ...over,
});

const device = (n: number, over: Partial<SiteDevice> = {}): SiteDevice => ({
  deviceId: `dev_${String(n).padStart(22, 'A')}`,
  serial: `GW-${n}`,
  productCode: 'esguard',
  state: 'claimed',
  stoppedBecause: null,
  revokedBecause: null,
  exchanged: true,
  claimedBy: 'Ada Installer',
  viaGrantId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  revokedAt: null,
  ...over,
});

describe("a site's devices", () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderSection = (over: Partial<DevicesSite> = {}) =>
    renderRoutes([{ path: '/', element: <SiteDevices site={site(over)} /> }], '/');

  it('lists each gateway with its state, who claimed it and its last use, and why a stopped one stopped', async () => {
    api = fakeApi({
      [LIST]: ok({
        items: [
          device(1),
          device(2, { state: 'stopped', stoppedBecause: 'grant_ended', viaGrantId: 'sgr_x', lastUsedAt: null }),
          device(3, {
            state: 'revoked',
            revokedBecause: 'grant_ended',
            exchanged: false,
            lastUsedAt: null,
            revokedAt: '2026-11-22T08:00:00.000Z',
          }),
        ],
      }),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Devices (3)' })).toBeInTheDocument();
    const claimed = screen.getByRole('listitem', { name: 'GW-1' });
    expect(claimed).toHaveTextContent('Claimed');
    expect(claimed).toHaveTextContent('Energy Storage Manager');
    expect(claimed).toHaveTextContent('Claimed by Ada Installer on');
    expect(claimed).toHaveTextContent('Last used 3 hours ago');
    const stopped = screen.getByRole('listitem', { name: 'GW-2' });
    expect(stopped).toHaveTextContent('Stopped');
    expect(stopped).toHaveTextContent('The grant it was claimed through has ended');
    expect(stopped).toHaveTextContent('through a grant');
    expect(stopped).toHaveTextContent('Not used yet');
    // a stopped gateway is still claimed in the portal's records: un-claiming it says so for good
    expect(within(stopped).getByRole('button', { name: 'Un-claim the gateway GW-2' })).toBeInTheDocument();
    const revoked = screen.getByRole('listitem', { name: 'GW-3' });
    expect(revoked).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent('The grant it was claimed through ended');
    expect(revoked).toHaveTextContent('The gateway has not exchanged its claim yet');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('claims a gateway after a fresh proof and shows its claim credential once, with its ten minutes', async () => {
    const user = userEvent.setup();
    let proven = false;
    let items: SiteDevice[] = [];
    api = fakeApi({
      [LIST]: () => ok({ items }),
      [CLAIM]: () => {
        if (!proven) return fail(ErrorCode.ReauthenticationRequired);
        items = [device(7, { serial: 'GW-NEW', exchanged: false, lastUsedAt: null })];
        return ok({
          deviceId: items[0]!.deviceId,
          serial: 'GW-NEW',
          claim: CLAIM_CREDENTIAL,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        });
      },
      [REAUTHENTICATE]: () => {
        proven = true;
        return ok();
      },
    });
    renderSection();
    expect(await screen.findByText('No gateway is claimed into the site yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim a gateway' }));
    const form = await dialogWith('Claim a gateway');
    fill(within(form).getByLabelText('Serial number'), 'GW-NEW');
    fill(within(form).getByLabelText('Claim code'), 'ab12-cd34');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByTitle('Energy Storage Manager'));
    await user.click(within(form).getByRole('button', { name: 'Claim' }));

    const proof = (await screen.findByText('Confirm it’s you')).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(proof).getByLabelText('Current password'));
    await user.paste('Secret123');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const shown = await dialogWith('Gateway GW-NEW claimed');
    expect(within(shown).getByLabelText('Claim credential')).toHaveValue(CLAIM_CREDENTIAL);
    expect(shown).toHaveTextContent('Valid for 10 minutes, until');
    expect(api.sent(CLAIM).at(-1)).toEqual({
      siteId: SITE_ID,
      serial: 'GW-NEW',
      claimCode: 'ab12-cd34',
      productCode: 'esguard',
    });
    expect(await screen.findByRole('listitem', { name: 'GW-NEW' })).toHaveTextContent(
      'The gateway has not exchanged its claim yet',
    );
    await user.click(within(shown).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByDisplayValue(CLAIM_CREDENTIAL)).not.toBeInTheDocument());
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('says a serial claimed already under its field', async () => {
    const user = userEvent.setup();
    api = fakeApi({ [LIST]: ok({ items: [] }), [CLAIM]: fail(ErrorCode.DeviceSerialClaimed) });
    renderSection({ productCodes: ['esguard'] });
    await user.click(await screen.findByRole('button', { name: 'Claim a gateway' }));
    const form = await dialogWith('Claim a gateway');
    fill(within(form).getByLabelText('Serial number'), 'GW-1');
    fill(within(form).getByLabelText('Claim code'), 'AB12CD34');
    // the site's one product is chosen already
    await user.click(within(form).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(api.sent(CLAIM)).toHaveLength(1));
    expect(api.sent(CLAIM)[0]).toMatchObject({ productCode: 'esguard' });
    expect(await within(form).findByText('This serial is claimed into this site already')).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('un-claims a gateway after a confirmation', async () => {
    const user = userEvent.setup();
    let items = [device(4)];
    api = fakeApi({
      [LIST]: () => ok({ items }),
      [UNCLAIM]: () => {
        items = [device(4, { state: 'revoked', revokedAt: new Date().toISOString() })];
        return ok();
      },
    });
    renderSection();
    const card = await screen.findByRole('listitem', { name: 'GW-4' });
    await user.click(within(card).getByRole('button', { name: 'Un-claim the gateway GW-4' }));
    const confirm = await dialogWith('Un-claim the gateway GW-4?');
    await user.click(within(confirm).getByRole('button', { name: 'Un-claim the gateway' }));
    expect(await screen.findByText('The gateway GW-4 is un-claimed.')).toBeInTheDocument();
    expect(api.sent(UNCLAIM)).toEqual([{ siteId: SITE_ID, deviceId: device(4).deviceId }]);
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'GW-4' })).toHaveTextContent('Revoked on'));
  });

  it('offers no claim on a retired site', async () => {
    api = fakeApi({ [LIST]: ok({ items: [] }) });
    renderSection({ retired: true });
    expect(await screen.findByText('No gateway is claimed into the site yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim a gateway' })).not.toBeInTheDocument();
  });
});

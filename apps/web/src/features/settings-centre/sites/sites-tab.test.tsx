import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteCalls } from '@portal/shared/api/contract/sites';
import type { Site, SiteGrant } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { dialogWith } from '../test/dialog';
import { fill } from '../test/fill';
import { SitesTab } from './sites-tab';

const LIST = routeOf(siteCalls.sites);
const DETAIL = routeOf(siteCalls.site);
const CREATE = routeOf(siteCalls.createSite);
const RETIRE = routeOf(siteCalls.retireSite);
const SHARE = routeOf(siteCalls.shareSites);
const REVOKE = routeOf(siteCalls.revokeGrant);

const id = (prefix: string, n: number) => `${prefix}_${String(n).padStart(22, 'A')}`;

const site = (n: number, over: Partial<Site> = {}): Site => ({
  siteId: id('site', n),
  name: `Plant ${n}`,
  kind: 'pv',
  region: 'CN-GD',
  timeZone: 'Asia/Shanghai',
  ratedPowerKw: 5000,
  ratedEnergyKwh: null,
  productCodes: ['esguard'],
  retiredAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

const company = (name: string) => ({ name, domain: `${name.toLowerCase()}.example.com` });

const grant = (n: number, over: Partial<SiteGrant> = {}): SiteGrant => ({
  grantId: id('sgr', n),
  siteId: id('site', 1),
  parentGrantId: null,
  depth: 1,
  grantor: company('Owner'),
  grantee: company('Builder'),
  template: 'technician',
  mayShare: true,
  startsAt: '2026-11-20T08:00:00.000Z',
  endsAt: '2027-11-20T08:00:00.000Z',
  revokedAt: null,
  status: 'active',
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

describe('the sites tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderTab = () => renderRoutes([{ path: '/', element: <SitesTab products={['esguard', 'mgguard']} /> }], '/');

  it('lists the sites, searches them and brings the next page through the cursor', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: (_, query) =>
        query.get('cursor') === 'next'
          ? ok({ items: [site(3)], nextCursor: null })
          : query.get('keyword') === 'storage'
            ? ok({ items: [], nextCursor: null })
            : ok({ items: [site(1), site(2, { kind: 'storage', ratedEnergyKwh: 200 })], nextCursor: 'next' }),
    });
    renderTab();
    const first = await screen.findByRole('listitem', { name: 'Plant 1' });
    expect(first).toHaveTextContent('PV plant · CN-GD · Asia/Shanghai · 5,000 kW');
    expect(first).toHaveTextContent('Energy Storage Manager');
    expect(screen.getByRole('listitem', { name: 'Plant 2' })).toHaveTextContent('Storage system');
    expect(api.queries(LIST)[0]!.toString()).toBe('pageSize=20&status=live');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('listitem', { name: 'Plant 3' })).toBeInTheDocument();
    expect(api.queries(LIST)[1]!.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search sites' }), 'storage{Enter}');
    expect(await screen.findByText('Nothing matches the search.')).toBeInTheDocument();
    expect(api.queries(LIST).at(-1)!.get('keyword')).toBe('storage');
  });

  it('registers a site with its kind, zone, ratings and products, and says a taken name under the field', async () => {
    const user = userEvent.setup();
    let items: Site[] = [];
    let taken = true;
    api = fakeApi({
      [LIST]: () => ok({ items, nextCursor: null }),
      [CREATE]: () => {
        if (taken) {
          taken = false;
          return fail(ErrorCode.SiteNameTaken);
        }
        items = [site(9, { name: 'Harbour storage', kind: 'storage' })];
        return ok(items[0]);
      },
    });
    renderTab();
    expect(await screen.findByText('No sites yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register a site' }));
    const form = await dialogWith('Register a site');
    fill(within(form).getByLabelText('Site name'), 'Harbour storage');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Kind of site' }));
    fireEvent.click(await screen.findByTitle('Storage system'));
    fill(within(form).getByLabelText('Region'), 'Shenzhen');
    await user.type(within(form).getByRole('combobox', { name: 'Time zone' }), 'Shanghai');
    fireEvent.click(await screen.findByTitle('Asia/Shanghai'));
    fill(within(form).getByLabelText('Rated power'), '250');
    fill(within(form).getByLabelText('Rated energy'), '500');
    await user.click(within(form).getByRole('checkbox', { name: 'Microgrid Manager' }));
    await user.click(within(form).getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(within(form).getByLabelText('Site name')).toHaveAccessibleDescription(/already/i));
    expect(api.toasts).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('listitem', { name: 'Harbour storage' })).toBeInTheDocument();
    expect(api.sent(CREATE).at(-1)).toEqual({
      name: 'Harbour storage',
      kind: 'storage',
      region: 'Shenzhen',
      timeZone: 'Asia/Shanghai',
      ratedPowerKw: 250,
      ratedEnergyKwh: 500,
      productCodes: ['mgguard'],
    });
  });

  it('shares a site with another company by its domain, and says an unknown domain under the field', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [SHARE]: fail(ErrorCode.GrantCompanyUnknown),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Share Plant 1' }));
    const form = await dialogWith('Share Plant 1');
    fill(within(form).getByLabelText("The other company's domain"), ' Builder.example.com ');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Role template' }));
    fireEvent.click(await screen.findByTitle('EPC / installer · View, operate and configure.'));
    fill(within(form).getByLabelText('Until'), '2027-06-30T18:00');
    await user.click(within(form).getByRole('checkbox', { name: 'May share it on with other companies' }));
    await user.click(within(form).getByRole('button', { name: 'Share' }));

    const domain = within(form).getByLabelText("The other company's domain");
    await waitFor(() => expect(domain).toHaveAccessibleDescription(/No company has this domain/));
    expect(api.toasts).not.toHaveBeenCalled();

    api.routes[SHARE] = ok({ grants: [grant(1, { template: 'installer' })] });
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with Builder.')).toBeInTheDocument();
    expect(api.sent(SHARE).at(-1)).toEqual({
      siteIds: [id('site', 1)],
      domain: 'Builder.example.com',
      template: 'installer',
      endsAt: new Date('2027-06-30T18:00').toISOString(),
      mayShare: true,
    });
  });

  it("shows a site's chain with who holds it through whom, and revokes a link after a confirmation", async () => {
    const user = userEvent.setup();
    const chain = [
      grant(1),
      grant(2, {
        parentGrantId: id('sgr', 1),
        depth: 2,
        grantor: company('Builder'),
        grantee: company('Service'),
        template: 'operator',
        mayShare: false,
        endsAt: null,
      }),
    ];
    api = fakeApi({
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [DETAIL]: () => ok({ site: site(1), grants: chain }),
      [REVOKE]: () => {
        chain[0] = grant(1, { revokedAt: '2026-12-01T08:00:00.000Z', status: 'revoked' });
        chain[1] = { ...chain[1]!, status: 'ended' };
        return ok({ ended: [id('sgr', 1), id('sgr', 2)] });
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Grants of Plant 1' }));
    const drawer = await dialogWith('Grants of Plant 1');
    const top = await within(drawer).findByRole('listitem', { name: 'Owner to Builder' });
    expect(top).toHaveTextContent('Shared by Owner, the owner');
    expect(top).toHaveTextContent('O&M technician');
    expect(top).toHaveTextContent('May share on');
    expect(top).toHaveTextContent('Active');
    const below = within(drawer).getByRole('listitem', { name: 'Builder to Service' });
    expect(below).toHaveTextContent('Shared on by Builder');
    expect(below).toHaveTextContent('open-ended');
    expect(api.queries(DETAIL)[0]!.get('siteId')).toBe(id('site', 1));

    await user.click(within(top).getByRole('button', { name: 'Revoke the grant of Builder' }));
    const confirm = await dialogWith('Revoke the grant of Builder?');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke the grant' }));
    expect(await screen.findByText('Revoked: 2 grants ended.')).toBeInTheDocument();
    expect(api.sent(REVOKE)).toEqual([{ grantId: id('sgr', 1) }]);
    await waitFor(() =>
      expect(within(drawer).getByRole('listitem', { name: 'Builder to Service' })).toHaveTextContent('Ended above'),
    );
    expect(within(drawer).getByRole('listitem', { name: 'Owner to Builder' })).toHaveTextContent('Revoked on');
  });

  it('retires a site after a confirmation', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [RETIRE]: () => ok(site(1, { retiredAt: '2026-12-01T08:00:00.000Z' })),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Retire Plant 1' }));
    const confirm = await dialogWith('Retire Plant 1?');
    expect(confirm).toHaveTextContent('Every grant on the site ends at once');
    await user.click(within(confirm).getByRole('button', { name: 'Retire the site' }));
    expect(await screen.findByText('The site is retired.')).toBeInTheDocument();
    expect(api.sent(RETIRE)).toEqual([{ siteId: id('site', 1) }]);
  });
});

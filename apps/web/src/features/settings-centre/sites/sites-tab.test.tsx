import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessRequestCalls } from '@portal/shared/api/contract/access-requests';
import { deviceCalls } from '@portal/shared/api/contract/devices';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { siteCalls } from '@portal/shared/api/contract/sites';
import type { Site, SiteGrant } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { dialogWith } from '../test/dialog';
import { fill } from '../test/fill';
import { memberRow } from '../test/member-row';
import { SitesTab } from './sites-tab';

const LIST = routeOf(siteCalls.sites);
const DETAIL = routeOf(siteCalls.site);
const CREATE = routeOf(siteCalls.createSite);
const RETIRE = routeOf(siteCalls.retireSite);
const SHARE = routeOf(siteCalls.shareSites);
const REVOKE = routeOf(siteCalls.revokeGrant);
const UPDATE_GRANT = routeOf(siteCalls.updateGrant);
const ASSIGNMENTS = routeOf(siteCalls.assignments);
const ADD = routeOf(siteCalls.addAssignment);
const MEMBERS = routeOf(settingsCalls.members);
const REQUESTS = routeOf(accessRequestCalls.accessRequests);
const APPROVE = routeOf(accessRequestCalls.approveAccessRequest);
const DEVICES = routeOf(deviceCalls.siteDevices);
const NO_REQUESTS = { items: [], openCount: 0, nextCursor: null };

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

  const renderTab = () =>
    renderRoutes(
      [{ path: '/', element: <SitesTab products={['esguard', 'mgguard']} departments={departmentsStub()} /> }],
      '/',
    );

  it('lists the sites, searches them and brings the next page through the cursor', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [REQUESTS]: () => ok(NO_REQUESTS),
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
      [REQUESTS]: () => ok(NO_REQUESTS),
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
      [REQUESTS]: () => ok(NO_REQUESTS),
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
      [REQUESTS]: () => ok(NO_REQUESTS),
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [DETAIL]: () => ok({ site: site(1), grants: chain }),
      // a revoke ends the gateways claimed through the grant: the drawer's devices are read again
      [DEVICES]: () => ok({ items: [] }),
      [REVOKE]: () => {
        chain[0] = grant(1, { revokedAt: '2026-12-01T08:00:00.000Z', status: 'revoked' });
        chain[1] = { ...chain[1]!, status: 'ended' };
        return ok({ ended: [id('sgr', 1), id('sgr', 2)] });
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Grants of Plant 1' }));
    const drawer = await dialogWith('Grants of Plant 1');
    // the request link, and the same link as a QR code to put up at the site
    const link = `${window.location.origin}/site-access?site=${site(1).siteId}`;
    expect(within(drawer).getByText(link)).toBeInTheDocument();
    const code = within(drawer).getByLabelText(link);
    expect(code.querySelector('svg path')).not.toBeNull();
    expect(within(drawer).getByText(/Print this code at the site/)).toBeInTheDocument();
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
      [REQUESTS]: () => ok(NO_REQUESTS),
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
  it("gives one of the company's own sites to a member, under any template and open-ended", async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [REQUESTS]: () => ok(NO_REQUESTS),
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [ASSIGNMENTS]: ok({ items: [] }),
      [MEMBERS]: ok({
        total: null,
        nextCursor: null,
        items: [memberRow(6, 'Li Lei')],
      }),
      [ADD]: () =>
        ok({
          id: 21,
          userId: 6,
          departmentId: null,
          name: 'Li Lei',
          template: 'owner',
          endsAt: null,
          createdAt: '2026-12-01T08:00:00.000Z',
        }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'People on Plant 1' }));
    const drawer = await dialogWith('People on Plant 1');
    expect(drawer).toHaveTextContent('reach its own site only by an assignment');
    expect(api.queries(ASSIGNMENTS)[0]!.get('siteId')).toBe(id('site', 1));
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByTitle('Li Lei'));
    // every template is offered on an own site, the owner's (chosen at first) too
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Role template' }));
    expect(await screen.findByTitle('Auditor · Read-only, plus audit.')).toBeInTheDocument();
    expect(screen.getAllByTitle('Owner · Everything on the site.').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('Empty: no end.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Li Lei has the site now.')).toBeInTheDocument();
    expect(api.sent(ADD)).toEqual([{ siteId: id('site', 1), userId: 6, template: 'owner', endsAt: null }]);
  });
  it('gives a grant the owner made a new end, and says a past one under the field', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [REQUESTS]: () => ok(NO_REQUESTS),
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [DEVICES]: ok({ items: [] }),
      [DETAIL]: ok({
        site: site(1),
        grants: [
          grant(1),
          grant(2, { parentGrantId: id('sgr', 1), depth: 2, grantor: company('Builder'), grantee: company('Service') }),
        ],
      }),
      [UPDATE_GRANT]: fail(ErrorCode.GrantTimesInvalid),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Grants of Plant 1' }));
    const drawer = await dialogWith('Grants of Plant 1');
    const top = await within(drawer).findByRole('listitem', { name: 'Owner to Builder' });
    // a grant made further down is its maker's to change
    const below = within(drawer).getByRole('listitem', { name: 'Builder to Service' });
    expect(within(below).queryByRole('button', { name: /Change the end/ })).not.toBeInTheDocument();
    await user.click(within(top).getByRole('button', { name: 'Change the end of the grant of Builder' }));
    const dialog = await dialogWith('End of the grant of Builder');
    const field = within(dialog).getByLabelText('Until');
    fill(field, '2020-01-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/./));
    expect(api.toasts).not.toHaveBeenCalled();

    api.routes[UPDATE_GRANT] = () => ok(grant(1, { endsAt: new Date('2027-05-01T09:00').toISOString() }));
    fill(field, '2027-05-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end is changed.')).toBeInTheDocument();
    expect(api.sent(UPDATE_GRANT).at(-1)).toEqual({
      grantId: id('sgr', 1),
      endsAt: new Date('2027-05-01T09:00').toISOString(),
    });
  });

  it('brings the open requests past the first page through their cursor', async () => {
    const user = userEvent.setup();
    const request = (n: number) => ({
      requestId: `arq_${String(n).padStart(22, 'r')}`,
      site: { siteId: id('site', 1), name: 'Plant 1' },
      owner: company('Owner'),
      requester: { name: `Technician ${n}`, company: company('Service') },
      template: 'technician',
      hours: 4,
      reason: 'Inverter alarm',
      status: 'open',
      widens: null,
      createdAt: '2026-12-01T00:00:00.000Z',
      expiresAt: '2026-12-02T00:00:00.000Z',
      decidedAt: null,
      grant: null,
    });
    api = fakeApi({
      [REQUESTS]: (_, query) =>
        query.get('cursor') === 'next'
          ? ok({ items: [request(21)], openCount: 21, nextCursor: null })
          : ok({ items: Array.from({ length: 20 }, (_, i) => request(i + 1)), openCount: 21, nextCursor: 'next' }),
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
    });
    renderTab();
    expect(await screen.findByRole('listitem', { name: 'Technician 20' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Technician 21' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('listitem', { name: 'Technician 21' })).toBeInTheDocument();
    expect(api.queries(REQUESTS).at(-1)!.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('lists an open request above the sites and approves it for fewer hours', async () => {
    const user = userEvent.setup();
    const request = {
      requestId: `arq_${'r'.repeat(22)}`,
      site: { siteId: id('site', 1), name: 'Plant 1' },
      owner: company('Owner'),
      requester: { name: 'Night Technician', company: company('Service') },
      template: 'technician',
      hours: 4,
      reason: 'Inverter alarm',
      status: 'open',
      widens: null,
      createdAt: '2026-12-01T00:00:00.000Z',
      expiresAt: '2026-12-02T00:00:00.000Z',
      decidedAt: null,
      grant: null,
    };
    api = fakeApi({
      [REQUESTS]: () => ok({ items: [request], openCount: 1, nextCursor: null }),
      [LIST]: ok({ items: [site(1)], nextCursor: null }),
      [APPROVE]: () =>
        ok({
          ...request,
          status: 'approved',
          grant: { grantId: id('sgr', 1), template: 'technician', endsAt: '2026-12-01T02:00:00.000Z' },
        }),
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'Night Technician' });
    expect(card).toHaveTextContent('Inverter alarm');
    await user.click(within(card).getByRole('button', { name: 'Approve the request of Night Technician' }));
    const form = await dialogWith('Approve Night Technician on Plant 1');
    fill(within(form).getByLabelText('Hours (no more than asked)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/^Approved: the grant ends by itself/)).toBeInTheDocument();
    expect(api.sent(APPROVE).at(-1)).toEqual({ requestId: request.requestId, hours: 2, template: 'technician' });
  });
});

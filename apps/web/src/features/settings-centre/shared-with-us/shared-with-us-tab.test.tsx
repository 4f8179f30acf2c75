import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCalls } from '@portal/shared/api/contract/devices';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { siteCalls } from '@portal/shared/api/contract/sites';
import type { SharedWithUsItem, SiteAssignment, SiteGrant } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { dialogWith } from '../test/dialog';
import { fill } from '../test/fill';
import { memberRow } from '../test/member-row';
import { SharedWithUsTab } from './shared-with-us-tab';

const LIST = routeOf(siteCalls.sharedWithUs);
const ASSIGNMENTS = routeOf(siteCalls.assignments);
const ADD = routeOf(siteCalls.addAssignment);
const SHARE_ON = routeOf(siteCalls.shareOn);
const LEAVE = routeOf(siteCalls.leaveGrant);
const MEMBERS = routeOf(settingsCalls.members);
const DEVICES = routeOf(deviceCalls.siteDevices);

const id = (prefix: string, n: number) => `${prefix}_${String(n).padStart(22, 'A')}`;
const company = (name: string) => ({ name, domain: `${name.toLowerCase()}.example.com` });

const grant = (n: number, over: Partial<SiteGrant> = {}): SiteGrant => ({
  grantId: id('sgr', n),
  siteId: id('site', n),
  parentGrantId: null,
  depth: 1,
  grantor: company('Owner'),
  grantee: company('Builder'),
  template: 'installer',
  mayShare: true,
  startsAt: '2026-11-20T08:00:00.000Z',
  endsAt: '2027-11-20T08:00:00.000Z',
  revokedAt: null,
  status: 'active',
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

const item = (n: number, over: Partial<SiteGrant> = {}): SharedWithUsItem => ({
  grant: grant(n, over),
  site: {
    siteId: id('site', n),
    name: `Plant ${n}`,
    kind: 'storage',
    region: 'CN-GD',
    timeZone: 'Asia/Shanghai',
    ratedPowerKw: null,
    ratedEnergyKwh: 800,
    productCodes: ['esguard'],
  },
  owner: company('Owner'),
});

describe('the shared with us tab', () => {
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
    renderRoutes([{ path: '/', element: <SharedWithUsTab departments={departmentsStub()} /> }], '/');

  it('lists the grants held, who shared each and until when, with share-on only where it may', async () => {
    api = fakeApi({
      [LIST]: ok({
        items: [
          item(1),
          item(2, { grantor: company('Builder'), grantee: company('Us'), mayShare: false, template: 'technician' }),
          item(3, { status: 'revoked', revokedAt: '2026-11-25T08:00:00.000Z' }),
        ],
        nextCursor: null,
      }),
    });
    renderTab();
    const first = await screen.findByRole('listitem', { name: 'Plant 1' });
    expect(first).toHaveTextContent('Shared by Owner, the owner');
    expect(first).toHaveTextContent('EPC / installer');
    expect(within(first).getByRole('button', { name: 'Share Plant 1 on' })).toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Plant 2' });
    expect(second).toHaveTextContent('Shared by Builder for Owner');
    expect(within(second).queryByRole('button', { name: 'Share Plant 2 on' })).not.toBeInTheDocument();
    const third = screen.getByRole('listitem', { name: 'Plant 3' });
    expect(third).toHaveTextContent('Revoked');
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
  });

  it('assigns a person found by name, within the grant, and says one already assigned under the field', async () => {
    const user = userEvent.setup();
    let assigned: SiteAssignment[] = [];
    api = fakeApi({
      [LIST]: ok({ items: [item(1)], nextCursor: null }),
      [ASSIGNMENTS]: () => ok({ items: assigned }),
      [MEMBERS]: (_, query) =>
        ok({
          total: null,
          nextCursor: null,
          items:
            query.get('keyword') === 'wang'
              ? [memberRow(7, 'Wang Fang')]
              : [memberRow(6, 'Li Lei'), memberRow(7, 'Wang Fang')],
        }),
      [ADD]: fail(ErrorCode.AssignmentExists),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'People on Plant 1' }));
    const drawer = await dialogWith('People on Plant 1');
    expect(await within(drawer).findByText('Nobody in the company has the site yet.')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('combobox', { name: 'Person' }), 'wang');
    fireEvent.click(await screen.findByTitle('Wang Fang'));
    // templates wider than the grant's are not offered
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Role template' }));
    expect(await screen.findByTitle('O&M technician · View and operate.')).toBeInTheDocument();
    expect(screen.queryByTitle('Owner · Everything on the site.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle('O&M technician · View and operate.'));
    fill(within(drawer).getByLabelText('Until'), '2027-03-01T09:00');
    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: 'Person' })).toHaveAccessibleDescription(/already/i),
    );
    expect(api.toasts).not.toHaveBeenCalled();

    api.routes[ADD] = () => {
      assigned = [
        {
          id: 11,
          userId: 7,
          departmentId: null,
          name: 'Wang Fang',
          template: 'technician',
          endsAt: '2027-03-01T01:00:00.000Z',
          createdAt: '2026-12-01T08:00:00.000Z',
        },
      ];
      return ok(assigned[0]);
    };
    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Wang Fang has the site now.')).toBeInTheDocument();
    const row = await within(drawer).findByRole('listitem', { name: 'Wang Fang' });
    expect(row).toHaveTextContent('O&M technician');
    expect(api.sent(ADD).at(-1)).toEqual({
      grantId: id('sgr', 1),
      userId: 7,
      template: 'technician',
      endsAt: new Date('2027-03-01T09:00').toISOString(),
    });
    expect(api.queries(MEMBERS).at(-1)!.get('keyword')).toBe('wang');
  });

  it('assigns a department', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [item(1, { endsAt: null })], nextCursor: null }),
      [ASSIGNMENTS]: ok({ items: [] }),
      [MEMBERS]: ok({ total: null, nextCursor: null, items: [] }),
      [ADD]: () =>
        ok({
          id: 12,
          userId: null,
          departmentId: 2,
          name: 'Sales',
          template: 'installer',
          endsAt: null,
          createdAt: '2026-12-01T08:00:00.000Z',
        }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'People on Plant 1' }));
    const drawer = await dialogWith('People on Plant 1');
    await user.click(within(drawer).getByRole('radio', { name: 'Department' }));
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByTitle('Sales'));
    await user.click(within(drawer).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Sales has the site now.')).toBeInTheDocument();
    expect(api.sent(ADD)).toEqual([{ grantId: id('sgr', 1), departmentId: 2, template: 'installer', endsAt: null }]);
  });

  it('shares a grant on, never later than it ends, and leaves another after a confirmation', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [item(1)], nextCursor: null }),
      [SHARE_ON]: () =>
        ok({ grants: [grant(5, { grantee: company('Service'), parentGrantId: id('sgr', 1), depth: 2 })] }),
      [LEAVE]: () => ok({ ended: [id('sgr', 1)] }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Share Plant 1 on' }));
    const form = await dialogWith('Share Plant 1 on');
    fill(within(form).getByLabelText("The other company's domain"), 'service.example.com');
    // the grant held ends: an end is required, and no later than it
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Until')).toHaveAccessibleDescription(/choose an end no later/),
    );
    fill(within(form).getByLabelText('Until'), '2028-01-01T00:00');
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Until')).toHaveAccessibleDescription(/Later than the grant you hold allows/),
    );
    fill(within(form).getByLabelText('Until'), '2027-06-01T00:00');
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with Service.')).toBeInTheDocument();
    expect(api.sent(SHARE_ON)).toEqual([
      {
        grantIds: [id('sgr', 1)],
        domain: 'service.example.com',
        template: 'technician',
        endsAt: new Date('2027-06-01T00:00').toISOString(),
        mayShare: false,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Leave Plant 1' }));
    const confirm = await dialogWith('Leave Plant 1?');
    await user.click(within(confirm).getByRole('button', { name: 'Leave the site' }));
    expect(await screen.findByText('The grant is given back.')).toBeInTheDocument();
    expect(api.sent(LEAVE)).toEqual([{ grantId: id('sgr', 1) }]);
  });
  it("opens a site's devices where the grant may configure it, and only there", async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [item(1), item(2, { template: 'technician' })], nextCursor: null }),
      [DEVICES]: ok({ items: [] }),
    });
    renderTab();
    const installer = await screen.findByRole('listitem', { name: 'Plant 1' });
    const technician = screen.getByRole('listitem', { name: 'Plant 2' });
    expect(within(technician).queryByRole('button', { name: 'Devices of Plant 2' })).not.toBeInTheDocument();
    await user.click(within(installer).getByRole('button', { name: 'Devices of Plant 1' }));
    const drawer = await dialogWith('Devices of Plant 1');
    expect(await within(drawer).findByText('No gateway is claimed into the site yet.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Claim a gateway' })).toBeInTheDocument();
    expect(api.queries(DEVICES)[0]!.get('siteId')).toBe(id('site', 1));
  });
});

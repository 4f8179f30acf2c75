import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { siteCalls } from '@portal/shared/api/contract/sites';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { SupportAccessCard } from './support-access-card';

const REQUESTS = routeOf(settingsCalls.supportRequests);
const APPROVE = routeOf(settingsCalls.approveSupportRequest);
const REFUSE = routeOf(settingsCalls.refuseSupportRequest);
const request = (n: number) => ({
  requestId: `srq_${String(n).repeat(22)}`,
  company: { name: 'Customer', domain: 'customer' },
  requester: { userId: 7, name: `Sam ${n}` },
  hours: 6,
  reason: 'Meter readings missing',
  sites: [],
  status: 'open',
  createdAt: '2026-12-02T08:00:00.000Z',
  expiresAt: '2026-12-03T08:00:00.000Z',
  decidedAt: null,
  accessId: null,
});
const WINDOW = { id: 1, startsAt: '2026-12-02T08:00:00.000Z', endsAt: '2026-12-02T10:00:00.000Z', sites: [] };

describe("the support access card's requests", () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    api = fakeApi({
      [routeOf(settingsCalls.supportAccess)]: ok({ access: null }),
      [routeOf(siteCalls.sites)]: ok({ items: [], nextCursor: null }),
      [REQUESTS]: ok({ items: [request(1), request(2)] }),
      [APPROVE]: ok(WINDOW),
      [REFUSE]: ok(null),
    });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderCard = () => renderRoutes([{ path: '/settings', element: <SupportAccessCard /> }], '/settings');

  it('lists the open requests with their number, approves one for fewer hours and refuses another', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByLabelText('2 open requests')).toBeInTheDocument();
    expect(screen.getByText(/Sam 1 asks for 6 h: Meter readings missing/)).toBeInTheDocument();
    const [firstHours] = screen.getAllByRole('spinbutton', { name: /Hours to approve/ });
    fireEvent.change(firstHours!, { target: { value: '2' } });
    await user.click(screen.getAllByRole('button', { name: 'Approve' })[0]!);
    await waitFor(() => expect(api.sent(APPROVE)).toEqual([{ requestId: request(1).requestId, hours: 2 }]));
    await user.click(screen.getAllByRole('button', { name: 'Refuse' })[1]!);
    await waitFor(() => expect(api.sent(REFUSE)).toEqual([{ requestId: request(2).requestId }]));
  });

  it('shows nothing of requests when there are none', async () => {
    api.routes[REQUESTS] = ok({ items: [] });
    renderCard();
    expect(await screen.findByRole('button', { name: 'Let support in' })).toBeInTheDocument();
    expect(screen.queryByText('Requests from support')).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { SupportLauncher } from './support-launcher';

const MINE = routeOf(portalCalls.mySupportRequests);
const ASK = routeOf(portalCalls.requestSupportAccess);
const asked = {
  requestId: `srq_${'a'.repeat(22)}`,
  company: { name: 'Customer Energy', domain: 'customer' },
  requester: { userId: 7, name: 'Sam Support' },
  hours: 3,
  reason: 'Meter readings missing',
  sites: [],
  status: 'open',
  createdAt: '2026-12-02T08:00:00.000Z',
  expiresAt: '2026-12-03T08:00:00.000Z',
  decidedAt: null,
  accessId: null,
};

describe("the launcher's support request", () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    writeToken('tok');
    api = fakeApi({
      [routeOf(portalCalls.supportCompanies)]: ok({ companies: [] }),
      [routeOf(portalCalls.supportSession)]: ok({ support: null }),
      [MINE]: ok({ staff: true, items: [{ ...asked, status: 'refused', requestId: `srq_${'b'.repeat(22)}` }] }),
      [ASK]: ok(asked),
    });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderLauncher = () => renderRoutes([{ path: '/', element: <SupportLauncher /> }], '/');

  it('asks a company by its domain for hours with a reason, and lists the own requests', async () => {
    const user = userEvent.setup();
    renderLauncher();
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Company domain' }), ' customer ');
    const hours = screen.getByRole('spinbutton', { name: /^Hours/ });
    fireEvent.change(hours, { target: { value: '3' } });
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Meter readings missing');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(api.sent(ASK)).toEqual([{ domain: 'customer', hours: 3, reason: 'Meter readings missing' }]),
    );
  });

  it('shows nothing to a person who is no support staff', async () => {
    api.routes[MINE] = ok({ staff: false, items: [] });
    renderLauncher();
    await waitFor(() => expect(api.sent(MINE)).toBeDefined());
    await waitFor(() => expect(screen.queryByText('Ask a company for access')).not.toBeInTheDocument());
  });
});

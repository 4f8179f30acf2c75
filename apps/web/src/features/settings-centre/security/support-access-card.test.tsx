import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { siteCalls } from '@portal/shared/api/contract/sites';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { SupportAccessCard } from './support-access-card';

const STATE = routeOf(settingsCalls.supportAccess);
const GRANT = routeOf(settingsCalls.grantSupportAccess);
const site = (n: number) => ({
  siteId: `site_${String(n).repeat(22)}`,
  name: `Plant ${n}`,
  kind: 'pv',
  region: 'CN-GD',
  timeZone: 'Asia/Shanghai',
  ratedPowerKw: 5000,
  ratedEnergyKwh: null,
  productCodes: ['esguard'],
  retiredAt: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
});
const WINDOW = { id: 1, startsAt: '2026-12-02T08:00:00.000Z', endsAt: '2026-12-02T12:00:00.000Z' };

describe("the security tab's support access card", () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    api = fakeApi({
      [STATE]: ok({ access: null }),
      [routeOf(siteCalls.sites)]: ok({ items: [site(1), site(2)], nextCursor: null }),
      [GRANT]: ok({ ...WINDOW, sites: [{ siteId: site(2).siteId, name: 'Plant 2' }] }),
    });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderCard = () => renderRoutes([{ path: '/settings', element: <SupportAccessCard /> }], '/settings');

  it('grants a window for the sites chosen', async () => {
    const user = userEvent.setup();
    renderCard();
    const sites = await screen.findByRole('combobox', { name: /Sites/ });
    fireEvent.mouseDown(sites);
    fireEvent.click(await screen.findByTitle('Plant 2'));
    await user.click(screen.getByRole('button', { name: 'Let support in' }));
    await waitFor(() => expect(api.sent(GRANT)).toEqual([{ hours: 4, siteIds: [site(2).siteId] }]));
  });

  it('says which sites an open window is for', async () => {
    api.routes[STATE] = ok({ access: { ...WINDOW, sites: [{ siteId: site(1).siteId, name: 'Plant 1' }] } });
    renderCard();
    expect(await screen.findByRole('status')).toHaveTextContent('Only these sites: Plant 1');
  });

  it('says an open window without sites is for all of them', async () => {
    api.routes[STATE] = ok({ access: { ...WINDOW, sites: [] } });
    renderCard();
    expect(await screen.findByRole('status')).toHaveTextContent("All of the company's sites");
  });
});

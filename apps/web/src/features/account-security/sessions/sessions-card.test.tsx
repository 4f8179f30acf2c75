import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import type { MySession } from '@portal/shared/api/sessions';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { SessionsCard } from './sessions-card';

const LIST = routeOf(calls.mySessions);
const REVOKE = routeOf(calls.revokeMySession);
const REVOKE_OTHERS = routeOf(calls.revokeMyOtherSessions);

const THIS: MySession = {
  id: 7,
  device: { browser: 'Chrome 126', os: 'Windows 10', type: 'desktop' },
  ip: '127.0.0.*',
  place: 'local',
  createdAt: '2026-05-01T08:00:00.000Z',
  lastSeenAt: '2026-05-01T09:30:00.000Z',
  current: true,
};
const PHONE: MySession = {
  id: 5,
  device: { browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' },
  ip: '203.0.113.*',
  createdAt: '2026-04-30T07:00:00.000Z',
  lastSeenAt: '2026-05-01T06:00:00.000Z',
  current: false,
};
const UNKNOWN: MySession = {
  id: 3,
  device: { browser: null, os: null, type: 'other' },
  ip: null,
  createdAt: '2026-04-29T07:00:00.000Z',
  lastSeenAt: '2026-04-29T07:00:00.000Z',
  current: false,
};

/** The whole list as one page. */
const onePage = (items: MySession[]) => ok({ items, total: items.length, nextCursor: null });

describe('my sessions', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    api = fakeApi({
      [LIST]: onePage([THIS, PHONE, UNKNOWN]),
      [REVOKE]: ok({ current: false }),
      [REVOKE_OTHERS]: ok({ revoked: 2, recentPasskeys: [] }),
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderCard = () => renderRoutes([{ path: '/personal', element: <SessionsCard /> }], '/personal');
  const items = async () => {
    const region = await screen.findByRole('region', { name: 'My sessions' });
    await within(region).findByText('Chrome 126 on Windows 10');
    return within(region)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === region);
  };

  it('lists every session with its device, place and times, this device marked and without a sign-out', async () => {
    renderCard();
    const [mine, phone, unknown] = await items();

    expect(within(mine!).getByText('This device')).toBeInTheDocument();
    expect(within(mine!).getByRole('img', { name: 'Computer' })).toBeInTheDocument();
    expect(within(mine!).getByText('Place: Local network')).toBeInTheDocument();
    expect(within(mine!).getByText(/^Signed in May 1, 2026/)).toBeInTheDocument();
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();

    expect(within(phone!).getByText('Mobile Safari 17 on iOS 17.5')).toBeInTheDocument();
    expect(within(phone!).getByRole('img', { name: 'Phone' })).toBeInTheDocument();
    expect(within(phone!).getByText('Place: Network 203.0.113.*')).toBeInTheDocument();
    expect(within(phone!).queryByText('This device')).not.toBeInTheDocument();
    expect(within(phone!).getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' })).toHaveTextContent(
      'Sign out',
    );

    expect(within(unknown!).getByText('Unknown device')).toBeInTheDocument();
    expect(within(unknown!).getByText('Place: Unknown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeInTheDocument();
  });

  it('shows ten, this device first, and brings the next ten through the cursor when asked', async () => {
    const more = Array.from({ length: 12 }, (_, i): MySession => ({
      ...PHONE,
      id: 100 - i,
      device: { browser: `Firefox ${120 - i}`, os: 'Linux', type: 'desktop' },
    }));
    // newest sign-in first, this device on the second page, the cursor naming where the first page ended
    const pages: Record<string, { items: MySession[]; nextCursor: string | null }> = {
      '': { items: more.slice(0, 10), nextCursor: 'after-10' },
      'after-10': { items: [...more.slice(10), THIS, UNKNOWN], nextCursor: null },
    };
    api.routes[LIST] = (_body, query) => ok({ ...pages[query.get('cursor') ?? '']!, total: 14 });
    renderCard();
    const region = await screen.findByRole('region', { name: 'My sessions' });
    await within(region).findByText('Firefox 120 on Linux');
    const names = () =>
      within(region)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement?.parentElement === region)
        .map((item) => item.querySelector('p')!.firstChild!.textContent);
    expect(names()).toEqual(more.slice(0, 10).map((s) => `${s.device.browser} on Linux`));
    expect([...api.queries(LIST)].map((q) => [q.get('pageSize'), q.get('cursor')])).toEqual([['10', null]]);

    await userEvent.click(screen.getByRole('button', { name: 'Show more (4 more)' }));
    const all = await items();
    expect(all).toHaveLength(14);
    expect(within(all[0]!).getByText('This device')).toBeInTheDocument();
    expect(names()).toEqual([
      'Chrome 126 on Windows 10',
      ...more.map((s) => `${s.device.browser} on Linux`),
      'Unknown device',
    ]);
    expect(api.queries(LIST).map((q) => q.get('cursor'))).toEqual([null, 'after-10']);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('signs another session out after confirmation, and fetches the list again', async () => {
    renderCard();
    await items();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sign out this device?');
    expect(dialog).toHaveTextContent(
      'Mobile Safari 17 on iOS 17.5 will be signed out right away and will have to sign in again.',
    );
    expect(api.sent(REVOKE)).toEqual([]);

    api.routes[LIST] = onePage([THIS, UNKNOWN]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(api.sent(REVOKE)).toEqual([{ id: 5 }]));
    expect(await screen.findByText('The device was signed out')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Mobile Safari 17 on iOS 17.5')).not.toBeInTheDocument());
    expect(api.sent(LIST)).toHaveLength(2);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    renderCard();
    await items();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Unknown device' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(REVOKE)).toEqual([]);
  });

  it('signs out all other sessions, says how many, and then offers it no more', async () => {
    renderCard();
    await items();
    api.routes[LIST] = onePage([THIS]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Every device except this one will be signed out right away.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('2 sessions signed out')).toBeInTheDocument();
    expect(api.sent(REVOKE_OTHERS)).toHaveLength(1);
    expect(await screen.findByText('No other device is signed in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('tells when a session has ended meanwhile, and shows the list as it is now', async () => {
    api.routes[REVOKE] = fail(1009150);
    renderCard();
    await items();
    api.routes[LIST] = onePage([THIS, PHONE]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Unknown device' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(api.toasts).toHaveBeenCalledWith('This session does not exist or has already ended'));
    await vi.waitFor(() => expect(screen.queryByText('Unknown device')).not.toBeInTheDocument());
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api.routes[LIST] = fail(1000500);
    renderCard();
    expect(await screen.findByText('The sessions could not be loaded')).toBeInTheDocument();
    api.routes[LIST] = onePage([THIS]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome 126 on Windows 10')).toBeInTheDocument();
  });
});

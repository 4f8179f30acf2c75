import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@portal/shared/api/audit';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { blobText } from '../../../test/blob-text';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { portalInfo } from '../../../test/portal-info';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { AuditTab } from './audit-tab';

const en = MESSAGES['en-US'];
const texts = en.audit;
const EVENTS = routeOf(settingsCalls.auditEvents);
const CSV = routeOf(settingsCalls.auditEventsCsv);
const PEOPLE = routeOf(settingsCalls.auditPeople);

const event = (id: number, action: string, detail: AuditEvent['detail'], nickname: string | null = 'Boss') => ({
  id,
  at: '2026-04-01T08:30:00.000Z',
  action,
  actor: nickname === null ? null : { userId: 1, nickname },
  ip: '203.0.113.7',
  detail,
});

describe('the audit log tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    api = fakeApi({
      [routeOf(portalCalls.portalInfo)]: ok(portalInfo('admin', ['settcntr'])),
      [PEOPLE]: ok([
        { userId: 1, nickname: 'Boss', removed: false },
        { userId: 2, nickname: 'Li Lei', removed: false },
        { userId: 5, nickname: 'Gina Gone', removed: true },
      ]),
      [EVENTS]: ok({
        total: 3,
        nextCursor: null,
        items: [
          event(3, 'member.update', {
            memberId: 2,
            memberName: 'Li Lei',
            role: { from: 'member', to: 'admin' },
            departmentId: { from: 1, to: 2 },
          }),
          event(2, 'invitation.create', { invitationId: 9, kind: 'member', maxUses: 3 }),
          event(1, 'something.new', { note: 'hello' }, null),
        ],
      }),
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    vi.restoreAllMocks();
    await i18n.changeLanguage('zh-CN');
  });

  /** Opens a filter's list and finds one of its options (antd opens on mouse down). */
  async function choose(filter: string, title: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: filter }));
    fireEvent.click(await screen.findByTitle(title));
  }

  function renderTab() {
    renderRoutes([{ path: '/', element: <AuditTab departments={departmentsStub()} /> }], '/');
  }

  it('lists the events with the action in words and what changed', async () => {
    renderTab();
    const update = (await screen.findByText(texts.actions.member.update)).closest('tr')!;
    expect(within(update).getByText('Boss')).toBeInTheDocument();
    expect(within(update).getByText('203.0.113.7')).toBeInTheDocument();
    expect(
      within(update).getByText('Member: Li Lei · Role: Member → Administrator · Department: Default → Sales'),
    ).toBeInTheDocument();
    const invitation = screen.getByText(texts.actions.invitation.create).closest('tr')!;
    expect(within(invitation).getByText('Link #9 · Link type: Member invitation · 3 uses')).toBeInTheDocument();
    // an action without a label shows its code, an event without a person a dash
    const unknown = screen.getByText('something.new').closest('tr')!;
    expect(within(unknown).getByText('note: hello')).toBeInTheDocument();
    expect(within(unknown).getAllByText('—')).toHaveLength(1);
    expect(screen.getByText('3 events')).toBeInTheDocument();
    expect(api.queries(EVENTS)[0]!.toString()).toBe('pageSize=20');
  });

  it('says every known detail in words, and a verified email as verified', async () => {
    api.routes[EVENTS] = ok({
      total: 8,
      nextCursor: null,
      items: [
        event(8, 'department.create', { departmentId: 7, name: 'Temp', parentId: null }),
        event(7, 'department.rename', { departmentId: 5, from: 'R&D', to: 'R&D Center' }),
        event(6, 'department.delete', { departmentId: 7, name: 'Temp', subDepartments: 2 }),
        event(5, 'email.change', { hadEmail: true, changed: false }),
        event(4, 'email.change', { hadEmail: true, changed: true }),
        event(3, 'sign-in.success', { via: 'account', loginType: 'password', twoStep: 'totp' }),
        event(2, 'session.revoke', { others: 3 }),
        event(1, 'security.change', { requireTwoStep: true }),
      ],
    });
    renderTab();
    const row = async (action: string) => (await screen.findByText(action)).closest('tr')!;
    expect(await row(texts.actions.department.create)).toHaveTextContent('Department: Temp');
    expect(await row(texts.actions.department.rename)).toHaveTextContent('Department: R&D → R&D Center');
    expect(await row(texts.actions.department.delete)).toHaveTextContent('Department: Temp · with 2 sub-departments');
    expect(await row('Verified the email')).toBeInTheDocument();
    expect(await row(texts.actions.email.change)).toBeInTheDocument();
    expect(await row(texts.actions['sign-in'].success)).toHaveTextContent(
      'Method: password (account) · Second step: authenticator code',
    );
    expect(await row(texts.actions.session.revoke)).toHaveTextContent('3 other sessions');
    expect(await row(texts.actions.security.change)).toHaveTextContent('Two-step sign-in required of members');
    // no internal key is left on the screen
    expect(document.body.textContent).not.toMatch(/departmentId|parentId|hadEmail|changed:|requireTwoStep|others:/);
  });

  it('filters by action and by person, starting again at the first page', async () => {
    renderTab();
    await screen.findByText(texts.actions.member.update);
    await choose(texts.filters.action, texts.actions.branding.change);
    await waitFor(() => expect(api.queries(EVENTS).at(-1)!.get('action')).toBe('branding.change'));

    await choose(texts.filters.person, 'Li Lei');
    await waitFor(() => expect(api.queries(EVENTS).at(-1)!.get('userId')).toBe('2'));
    const last = api.queries(EVENTS).at(-1)!;
    expect([last.get('cursor'), last.get('action')]).toEqual([null, 'branding.change']);
  });

  it('follows the cursor forth and back, keeps the first count, and starts again with a new filter', async () => {
    const pages: Record<string, { total: number | null; nextCursor: string | null; items: unknown[] }> = {
      '': { total: 45, nextCursor: 'c2', items: [event(45, 'member.update', null)] },
      c2: { total: null, nextCursor: 'c3', items: [event(25, 'branding.change', null)] },
      c3: { total: null, nextCursor: null, items: [event(5, 'member.create', null)] },
    };
    api.routes[EVENTS] = (_body, query) => ok(pages[query.get('cursor') ?? '']);
    renderTab();
    const pager = await screen.findByRole('navigation', { name: texts.pages });
    await screen.findByText(texts.actions.member.update);
    expect(within(pager).getByText('45 events')).toBeInTheDocument();
    const previous = within(pager).getByRole('button', { name: texts.previousPage });
    const next = within(pager).getByRole('button', { name: texts.nextPage });
    expect(previous).toBeDisabled();

    fireEvent.click(next);
    expect(await screen.findByText(texts.actions.branding.change)).toBeInTheDocument();
    expect(within(pager).getByText('Page 2')).toBeInTheDocument();
    expect(within(pager).getByText('45 events')).toBeInTheDocument();
    fireEvent.click(next);
    expect(await screen.findByText(texts.actions.member.create)).toBeInTheDocument();
    expect(next).toBeDisabled();
    fireEvent.click(previous);
    expect(await screen.findByText(texts.actions.branding.change)).toBeInTheDocument();
    expect(api.queries(EVENTS).map((q) => q.get('cursor'))).toEqual(expect.arrayContaining([null, 'c2', 'c3']));

    await choose(texts.filters.action, texts.actions.member.remove);
    await waitFor(() => expect(api.queries(EVENTS).at(-1)!.get('action')).toBe('member.remove'));
    expect(api.queries(EVENTS).at(-1)!.get('cursor')).toBeNull();
    expect(within(pager).getByText('Page 1')).toBeInTheDocument();
  });

  it('offers a member removed since to the person filter, marked so', async () => {
    renderTab();
    await screen.findByText(texts.actions.member.update);
    await choose(texts.filters.person, 'Gina Gone (removed)');
    await waitFor(() => expect(api.queries(EVENTS).at(-1)!.get('userId')).toBe('5'));
  });

  it('downloads the CSV of the same filter with the session, and says so', async () => {
    const files: Blob[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const json = globalThis.fetch;
    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith(settingsCalls.auditEventsCsv.path)) return json(input, init);
      sent.push(new Request(new URL(String(input), 'http://localhost'), init));
      return new Response('\uFEFFTime,Person\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    });
    renderTab();
    await screen.findByText(texts.actions.member.update);
    await choose(texts.filters.action, texts.actions.member.remove);
    fireEvent.click(screen.getByRole('button', { name: texts.export }));

    expect(await screen.findByText(texts.exported)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).searchParams.get('action')).toBe('member.remove');
    // the file's times in the zone the screen shows them in
    expect(new URL(sent[0]!.url).searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(created).toHaveBeenCalledTimes(1);
    expect(await blobText(files[0]!)).toContain('Time,Person');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('says nothing of a download the server refused beyond the usual message', async () => {
    api.routes[CSV] = fail(ErrorCode.BadRequest);
    const created = vi.spyOn(URL, 'createObjectURL');
    renderTab();
    await screen.findByText(texts.actions.member.update);
    fireEvent.click(screen.getByRole('button', { name: texts.export }));
    await waitFor(() => expect(api.toasts).toHaveBeenCalledTimes(1));
    expect(created).not.toHaveBeenCalled();
    expect(screen.queryByText(texts.exported)).not.toBeInTheDocument();
  });
});

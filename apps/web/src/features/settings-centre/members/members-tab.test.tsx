import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Member } from '@portal/shared/api/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { portalInfo } from '../../../test/portal-info';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { MembersTab } from './members-tab';

const en = MESSAGES['en-US'];
const texts = en.settings.members;
const MEMBERS = routeOf(settingsCalls.members);
const UPDATE = routeOf(settingsCalls.updateMember);
const REMOVE = routeOf(settingsCalls.removeMember);

const member = (userId: number, nickname: string, role: Member['role']): Member => ({
  userId,
  account: null,
  nickname,
  phone: null,
  email: null,
  phoneProven: false,
  emailProven: false,
  role,
  departmentId: 1,
  joinedAt: '2026-01-01T00:00:00.000Z',
});

describe('members of the company', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    // the signed-in administrator is user 1 ("Boss")
    writeToken('tok');
    api = fakeApi({
      [routeOf(portalCalls.portalInfo)]: ok(portalInfo('admin', ['settcntr'])),
      [MEMBERS]: ok({ total: 2, items: [member(1, 'Boss', 'admin'), member(2, 'Li Lei', 'member')] }),
      [UPDATE]: ok(),
      [REMOVE]: ok(),
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  function renderTab() {
    renderRoutes([{ path: '/', element: <MembersTab departments={departmentsStub()} /> }], '/');
  }

  it('tags the phones and emails no code has proven', async () => {
    api.routes[MEMBERS] = ok({
      total: 2,
      items: [
        { ...member(1, 'Boss', 'admin'), phone: '13800138000', phoneProven: true, email: 'boss@example.com' },
        { ...member(2, 'Li Lei', 'member'), phone: '13800138000', email: 'li@example.com', emailProven: true },
      ],
    });
    renderTab();
    const boss = (await screen.findByText('Boss')).closest('tr')!;
    const liLei = screen.getByText('Li Lei').closest('tr')!;
    // the same phone twice: only the proven one stands untagged
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    const cells = (row: HTMLElement) =>
      [texts.phone, texts.email].map((title) => row.querySelectorAll('td')[headers.indexOf(title)]!);
    const [bossPhone, bossEmail] = cells(boss);
    const [liPhone, liEmail] = cells(liLei);
    expect(within(bossPhone!).queryByText(en.common.unproven)).not.toBeInTheDocument();
    expect(within(bossEmail!).getByText(en.common.unproven)).toBeInTheDocument();
    expect(within(liPhone!).getByText(en.common.unproven)).toBeInTheDocument();
    expect(within(liEmail!).queryByText(en.common.unproven)).not.toBeInTheDocument();
  });

  it('lists the members with their role and department, marking oneself', async () => {
    renderTab();
    const row = (await screen.findByText('Li Lei')).closest('tr')!;
    expect(within(row).getByText(texts.roleMember)).toBeInTheDocument();
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(within(screen.getByText('Boss').closest('tr')!).getByText(texts.you)).toBeInTheDocument();
  });

  it('keeps the actions of a member with a 50-unit name in a fixed column, the name cut short', async () => {
    const longName = 'Ab'.repeat(25);
    api.routes[MEMBERS] = ok({ total: 2, items: [member(1, 'Boss', 'admin'), member(3, longName, 'member')] });
    renderTab();
    const name = await screen.findByText(longName);
    // the name ends in "…" within its cell (antd's ellipsis, whose tooltip holds the whole name)
    expect(name).toHaveClass('ant-typography-ellipsis');
    const row = name.closest('tr')!;
    const actions = within(row)
      .getByRole('button', { name: `Edit ${longName}` })
      .closest('td')!;
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    // narrower screens scroll the table inside its card rather than the page
    expect(row.closest('.ant-table')).toHaveClass('ant-table-scroll-horizontal');
  });

  it('does not let the only administrator remove or demote themselves', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Li Lei');
    expect(screen.getByRole('button', { name: 'Remove Boss' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Li Lei' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Edit Boss' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(texts.lastAdmin)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: texts.role })).toBeDisabled();
  });

  it('changes a member into an administrator, then shows the list again from the server', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Li Lei' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: texts.role }));
    await user.click(await screen.findByTitle(texts.roleAdmin));
    api.routes[MEMBERS] = ok({ total: 2, items: [member(1, 'Boss', 'admin'), member(2, 'Li Lei', 'admin')] });
    await user.click(within(dialog).getByRole('button', { name: en.settings.save }));

    expect(await screen.findByText(texts.updated)).toBeInTheDocument();
    expect(api.sent(UPDATE)).toEqual([{ userId: 2, role: 'admin' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // both are administrators now, so Boss may go
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Boss' })).toBeEnabled());
  });

  it('removes a member after confirmation, and the list follows', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove Li Lei' }));
    const confirm = await screen.findByRole('dialog');
    api.routes[MEMBERS] = ok({ total: 1, items: [member(1, 'Boss', 'admin')] });
    await user.click(within(confirm).getByRole('button', { name: texts.remove }));

    expect(await screen.findByText(texts.removed)).toBeInTheDocument();
    expect(api.sent(REMOVE)).toEqual([{ userId: 2 }]);
    await waitFor(() => expect(screen.queryByText('Li Lei')).not.toBeInTheDocument());
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('shows the first page with the count, and brings the next through the cursor when asked', async () => {
    const user = userEvent.setup();
    api.routes[MEMBERS] = (_body, query) => {
      if (query.get('keyword') === 'han')
        return ok({ total: 1, items: [member(3, 'Han Mei', 'member')], nextCursor: null });
      return query.get('cursor') === 'after-2'
        ? ok({ total: null, items: [member(3, 'Han Mei', 'member')], nextCursor: null })
        : ok({ total: 3, items: [member(1, 'Boss', 'admin'), member(2, 'Li Lei', 'member')], nextCursor: 'after-2' });
    };
    renderTab();
    expect(await screen.findByText('Li Lei')).toBeInTheDocument();
    expect(screen.getByText(texts.total.replace('{{count}}', '3'))).toBeInTheDocument();
    expect(screen.queryByText('Han Mei')).not.toBeInTheDocument();
    expect(api.queries(MEMBERS).map((q) => [q.get('pageSize'), q.get('cursor')])).toEqual([['20', null]]);
    // another administrator may be behind the cursor: the server is asked before Boss goes
    expect(screen.getByRole('button', { name: 'Remove Boss' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: texts.loadMore }));
    expect(await screen.findByText('Han Mei')).toBeInTheDocument();
    expect(screen.getByText('Li Lei')).toBeInTheDocument();
    expect(api.queries(MEMBERS).map((q) => q.get('cursor'))).toEqual([null, 'after-2']);
    // the count stays the first page's; every member on screen, Boss is known to be the only administrator
    expect(screen.getByText(texts.total.replace('{{count}}', '3'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: texts.loadMore })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove Boss' })).toBeDisabled();

    // a search starts again from its first page
    await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'han{Enter}');
    await waitFor(() => expect(screen.queryByText('Li Lei')).not.toBeInTheDocument());
    expect(screen.getByText('Han Mei')).toBeInTheDocument();
    expect(screen.getByText(texts.total.replace('{{count}}', '1'))).toBeInTheDocument();
    expect(api.queries(MEMBERS).at(-1)!.get('keyword')).toBe('han');
    expect(api.queries(MEMBERS).at(-1)!.get('cursor')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@portal/shared/api/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { useSession } from '../../../stores/session-store';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { portalInfo } from '../../../test/portal-info';
import { MembersTab } from './members-tab';

vi.mock('../settings-api', () => ({ fetchMembers: vi.fn(), updateMember: vi.fn(), removeMember: vi.fn() }));
const api = await import('../settings-api');

const en = MESSAGES['en-US'];
const texts = en.settings.members;

const member = (userId: number, nickname: string, role: Member['role']): Member => ({
  userId,
  account: null,
  nickname,
  phone: null,
  email: null,
  role,
  departmentId: 1,
  joinedAt: '2026-01-01T00:00:00.000Z',
});

describe('members of the company', () => {
  beforeEach(async () => {
    // the signed-in administrator is user 1 ("Boss")
    useSession.getState().setPortalInfo(portalInfo('admin', ['settcntr']));
    vi.mocked(api.fetchMembers)
      .mockReset()
      .mockResolvedValue({
        total: 2,
        items: [member(1, 'Boss', 'admin'), member(2, 'Li Lei', 'member')],
      });
    vi.mocked(api.updateMember).mockReset();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  function renderTab() {
    renderRoutes([{ path: '/', element: <MembersTab departments={departmentsStub()} /> }], '/');
  }

  it('lists the members with their role and department, marking oneself', async () => {
    renderTab();
    const row = (await screen.findByText('Li Lei')).closest('tr')!;
    expect(within(row).getByText(texts.roleMember)).toBeInTheDocument();
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(within(screen.getByText('Boss').closest('tr')!).getByText(texts.you)).toBeInTheDocument();
  });

  it('does not let the only administrator remove or demote themselves', async () => {
    renderTab();
    await screen.findByText('Li Lei');
    expect(screen.getByRole('button', { name: 'Remove Boss' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Li Lei' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Boss' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(texts.lastAdmin)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: texts.role })).toBeDisabled();
  });

  it('changes a member into an administrator', async () => {
    vi.mocked(api.updateMember).mockResolvedValue(null);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Li Lei' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: texts.role }));
    await userEvent.click(await screen.findByTitle(texts.roleAdmin));
    await userEvent.click(within(dialog).getByRole('button', { name: en.settings.save }));
    await waitFor(() =>
      expect(api.updateMember).toHaveBeenCalledWith({ userId: 2, role: 'admin', departmentId: undefined }),
    );
  });
});

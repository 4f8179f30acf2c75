import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { i18n } from '../../lib/i18n';
import { fail, ok, routeOf } from '../../test/fake-api';
import { UPDATE_PASSWORD, openDialog, personalApi, renderPersonal, fill } from './personal-test-kit';

type Dialog = Awaited<ReturnType<typeof openDialog>>;

function fillIn(dialog: Dialog, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fill(dialog.getByLabelText(label), value);
}

describe('change password', () => {
  const api = personalApi();

  it('requires the original and the new password', async () => {
    renderPersonal();
    const dialog = await openDialog('Change password');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please enter the original password')).toBeInTheDocument();
    expect(dialog.getByText('Please enter password')).toBeInTheDocument();
    expect(dialog.getByText('Please confirm password')).toBeInTheDocument();
    expect(api().sent(UPDATE_PASSWORD)).toEqual([]);
  });

  it('holds the new password to the rule', async () => {
    renderPersonal();
    const dialog = await openDialog('Change password');
    fillIn(dialog, { 'Original password': 'Old2026pass', 'New password': 'alllowercase1' });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText(
        'Password must be 8-20 characters long, with uppercase and lowercase letters and numbers',
      ),
    ).toBeInTheDocument();
    expect(api().sent(UPDATE_PASSWORD)).toEqual([]);
  });

  it('wants the confirmation to match', async () => {
    renderPersonal();
    const dialog = await openDialog('Change password');
    fillIn(dialog, {
      'Original password': 'Old2026pass',
      'New password': 'New2026pass',
      'Confirm new password': 'New2026pasS',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please make sure the passwords match')).toBeInTheDocument();
    expect(api().sent(UPDATE_PASSWORD)).toEqual([]);
  });

  it('sends the three passwords and says it changed', async () => {
    renderPersonal();
    const dialog = await openDialog('Change password');
    fillIn(dialog, {
      'Original password': 'Old2026pass',
      'New password': 'New2026pass',
      'Confirm new password': 'New2026pass',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api().sent(UPDATE_PASSWORD)).toEqual([
        { oldPassword: 'Old2026pass', password: 'New2026pass', confirmPassword: 'New2026pass' },
      ]),
    );
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
  });

  it('says under the new password that it is the current one', async () => {
    api().routes[UPDATE_PASSWORD] = fail(ErrorCode.PasswordUnchanged);
    renderPersonal();
    const dialog = await openDialog('Change password');
    fillIn(dialog, {
      'Original password': 'Old2026pass',
      'New password': 'Old2026pass',
      'Confirm new password': 'Old2026pass',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('The new password must be different from the current one')).toBeInTheDocument();
    expect(dialog.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(api().toasts).not.toHaveBeenCalled();
  });

  it('then offers to remove the passkeys added lately, and keeps them when told so', async () => {
    api().routes[UPDATE_PASSWORD] = ok({
      recentPasskeys: [{ id: 9, name: 'Planted', createdAt: '2026-05-01T08:30:00.000Z' }],
    });
    renderPersonal();
    const dialog = await openDialog('Change password');
    fillIn(dialog, {
      'Original password': 'Old2026pass',
      'New password': 'New2026pass',
      'Confirm new password': 'New2026pass',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const offer = await screen.findByRole('dialog', { name: 'Also remove recently added passkeys?' });
    expect(offer).toHaveTextContent('Planted');
    await userEvent.click(within(offer).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByText('Also remove recently added passkeys?')).not.toBeInTheDocument());
    expect(api().sent(routeOf(accountSecurityCalls.removePasskey))).toEqual([]);
  });

  it('then shows My sessions without the sessions it ended', async () => {
    const LIST = routeOf(accountSecurityCalls.mySessions);
    const session = (id: number, current: boolean) => ({
      id,
      device: { browser: 'Chrome 126', os: current ? 'Windows 10' : 'macOS 14', type: 'desktop' },
      ip: '203.0.113.*',
      createdAt: '2026-05-01T08:00:00.000Z',
      lastSeenAt: '2026-05-01T09:30:00.000Z',
      current,
    });
    api().routes[LIST] = ok({ items: [session(7, true), session(5, false)], total: 2, nextCursor: null });
    renderPersonal();
    expect(await screen.findByText(/macOS 14/)).toBeInTheDocument();
    // the server ends every other session with the change
    api().routes[LIST] = ok({ items: [session(7, true)], total: 1, nextCursor: null });
    const dialog = await openDialog('Change password');
    fillIn(dialog, {
      'Original password': 'Old2026pass',
      'New password': 'New2026pass',
      'Confirm new password': 'New2026pass',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/macOS 14/)).not.toBeInTheDocument());
    expect(screen.getByText(/Windows 10/)).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改密码');
    fillIn(dialog, { 新密码: 'New2026pass', 确认新密码: 'other' });
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('请输入原密码')).toBeInTheDocument();
    expect(dialog.getByText('请确保两次输入的密码一致')).toBeInTheDocument();
  });
});

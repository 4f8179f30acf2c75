import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MEMBER,
  SEND_EMAIL,
  UPDATE_EMAIL,
  UPDATE_PHONE,
  fill,
  openDialog,
  personalApi,
  renderPersonal,
  userRoutes,
} from './personal-test-kit';

describe('an unproven phone or email in the personal centre', () => {
  const api = personalApi();

  /** The definition of a detail row: its value and its action. */
  const row = (label: string) => within(screen.getByText(label, { selector: 'dt' }).parentElement!);

  it('is tagged, and its action proves the email it holds with a code sent to it', async () => {
    Object.assign(api().routes, userRoutes({ ...MEMBER, emailVerified: false }));
    renderPersonal();
    await screen.findByText('lin.wei@example.com');
    expect(row('Email').getByText('Not verified')).toBeInTheDocument();
    expect(row('Phone number').queryByText('Not verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change email' })).not.toBeInTheDocument();

    const dialog = await openDialog('Verify email');
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('lin.wei@example.com');
    expect(dialog.queryByText(/^Current:/)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(api().sent(SEND_EMAIL)).toEqual([{ email: 'lin.wei@example.com', scene: 'bind' }]));
    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api().sent(UPDATE_EMAIL)).toEqual([{ email: 'lin.wei@example.com', code: '654321' }]));
  });

  it('tags an unproven phone and proves it the same way', async () => {
    Object.assign(api().routes, userRoutes({ ...MEMBER, phoneCertified: false }));
    renderPersonal();
    await screen.findByText('13912345678');
    expect(row('Phone number').getByText('Not verified')).toBeInTheDocument();
    const dialog = await openDialog('Verify phone number');
    expect(dialog.getByRole('textbox', { name: 'Phone number' })).toHaveValue('13912345678');
    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api().sent(UPDATE_PHONE)).toEqual([{ phone: '13912345678', code: '654321' }]));
  });
});

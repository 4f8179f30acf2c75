import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-api';
import {
  ALLOW_MODIFY_PASSWORD,
  CURRENT_USER,
  MEMBER,
  personalApi,
  renderPersonal,
  userRoutes,
} from './personal-test-kit';

describe('personal centre', () => {
  const api = personalApi();

  it("shows the person's details with a way to change each", async () => {
    renderPersonal();

    expect(await screen.findByRole('heading', { level: 1, name: 'Personal center' })).toBeInTheDocument();
    const security = await screen.findByRole('region', { name: 'Account and security' });
    expect(within(security).getByText('13912345678')).toBeInTheDocument();
    expect(within(security).getByText('lin.wei@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change phone number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(api().sent(CURRENT_USER)).toHaveLength(1);
  });

  it('hides the whole password section when the server does not allow changing it', async () => {
    api().routes[ALLOW_MODIFY_PASSWORD] = ok({ allowed: false });
    renderPersonal();

    await screen.findByRole('button', { name: 'Change email' });
    await vi.waitFor(() => expect(api().sent(ALLOW_MODIFY_PASSWORD)).toHaveLength(1));
    // let the answer land before looking
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Sign-in password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('offers to bind a missing phone and email', async () => {
    const bare = { ...MEMBER, phone: null, email: null, account: null };
    Object.assign(api().routes, userRoutes(bare));
    renderPersonal();

    expect(await screen.findByRole('button', { name: 'Bind phone number' })).toHaveTextContent('Bind');
    expect(screen.getByRole('button', { name: 'Bind email' })).toHaveTextContent('Bind');
    expect(screen.getAllByText('Not bound')).toHaveLength(2);
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });
});

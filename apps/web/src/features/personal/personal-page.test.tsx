import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { useSession } from '../../stores/session-store';
import { MEMBER, renderPersonal } from './personal-test-kit';

vi.mock('../../session/session-api', () => ({ fetchCurrentUser: vi.fn() }));
vi.mock('./personal-api', () => ({
  fetchAllowModifyPassword: vi.fn(),
  updateNickname: vi.fn(),
  updatePhone: vi.fn(),
  updateEmail: vi.fn(),
  updatePassword: vi.fn(),
}));
const api = await import('./personal-api');
const sessionApi = await import('../../session/session-api');

describe('personal centre', () => {
  beforeEach(async () => {
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(MEMBER);
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    useSession.getState().clear();
    await i18n.changeLanguage('zh-CN');
  });

  it("shows the person's details with a way to change each", async () => {
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: true });
    renderPersonal();

    expect(await screen.findByRole('heading', { level: 1, name: 'Personal centre' })).toBeInTheDocument();
    const security = screen.getByRole('region', { name: 'Account and security' });
    expect(within(security).getByText('13912345678')).toBeInTheDocument();
    expect(within(security).getByText('lin.wei@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change phone number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(sessionApi.fetchCurrentUser).toHaveBeenCalled();
  });

  it('hides the whole password section when the server does not allow changing it', async () => {
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: false });
    renderPersonal();

    await screen.findByRole('button', { name: 'Change email' });
    await vi.waitFor(() => expect(api.fetchAllowModifyPassword).toHaveBeenCalled());
    // let the answer land before looking
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Sign-in password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('offers to bind a missing phone and email', async () => {
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: true });
    const bare = { ...MEMBER, phone: null, email: null, account: null };
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(bare);
    renderPersonal(bare);

    expect(await screen.findByRole('button', { name: 'Bind phone number' })).toHaveTextContent('Bind');
    expect(screen.getByRole('button', { name: 'Bind email' })).toHaveTextContent('Bind');
    expect(screen.getAllByText('Not bound')).toHaveLength(2);
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });
});

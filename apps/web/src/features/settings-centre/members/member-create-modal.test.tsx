import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { fill } from '../test/fill';
import { MemberCreateModal } from './member-create-modal';

vi.mock('../settings-api', () => ({ createMember: vi.fn() }));
const api = await import('../settings-api');

const en = MESSAGES['en-US'];

function renderModal() {
  const onCreated = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: <MemberCreateModal open departments={departmentsStub()} onClose={() => {}} onCreated={onCreated} />,
      },
    ],
    '/',
  );
  return { onCreated };
}

const field = (name: string) => screen.getByLabelText(name);
const submit = () => userEvent.click(screen.getByRole('button', { name: en.settings.members.createSubmit }));

describe('member account form', () => {
  beforeEach(async () => {
    vi.mocked(api.createMember).mockReset();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('asks for account, name and password before sending anything', async () => {
    renderModal();
    await submit();
    expect(await screen.findByText(en.validation.accountRequired)).toBeInTheDocument();
    expect(screen.getByText(en.validation.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordRequired)).toBeInTheDocument();
    expect(api.createMember).not.toHaveBeenCalled();
  });

  it('explains the account format, the name limit, the password rule and the phone and email formats', async () => {
    renderModal();
    fill(field(en.settings.members.account), 'ab');
    fill(field(en.settings.members.name), '长'.repeat(26));
    fill(field(en.settings.members.password), 'weakpass');
    fill(field(en.settings.members.phone), '12345');
    fill(field(en.settings.members.email), 'not-an-email');
    await submit();
    expect(await screen.findByText(en.validation.accountFormat)).toBeInTheDocument();
    expect(screen.getByText(en.validation.nameTooLong)).toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordRule)).toBeInTheDocument();
    expect(screen.getByText(en.validation.phoneFormat)).toBeInTheDocument();
    expect(screen.getByText(en.validation.emailFormat)).toBeInTheDocument();
    expect(api.createMember).not.toHaveBeenCalled();
  });

  it('sends a valid account as a member of the default department, leaving out the empty phone and email', async () => {
    vi.mocked(api.createMember).mockResolvedValue({ userId: 9 });
    const { onCreated } = renderModal();
    fill(field(en.settings.members.account), 'li.lei');
    fill(field(en.settings.members.name), 'Li Lei');
    fill(field(en.settings.members.password), 'Strong2026pass');
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.createMember).toHaveBeenCalledWith({
      account: 'li.lei',
      nickname: 'Li Lei',
      password: 'Strong2026pass',
      role: 'member',
      departmentId: 1,
    });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { fill } from '../test/fill';
import { MemberCreateModal } from './member-create-modal';

const en = MESSAGES['en-US'];
const CREATE = routeOf(settingsCalls.createMember);

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
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [CREATE]: ok({ userId: 9 }) });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for account, name and password before sending anything', async () => {
    renderModal();
    await submit();
    expect(await screen.findByText(en.validation.accountRequired)).toBeInTheDocument();
    expect(screen.getByText(en.validation.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordRequired)).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([]);
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
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('sends a valid account as a member of the default department, leaving out the empty phone and email', async () => {
    const { onCreated } = renderModal();
    fill(field(en.settings.members.account), 'li.lei');
    fill(field(en.settings.members.name), 'Li Lei');
    fill(field(en.settings.members.password), 'Strong2026pass');
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.sent(CREATE)).toEqual([
      { account: 'li.lei', nickname: 'Li Lei', password: 'Strong2026pass', role: 'member', departmentId: 1 },
    ]);
  });
});

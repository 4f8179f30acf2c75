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
import { InvitationCreateModal } from './invitation-create-modal';

const en = MESSAGES['en-US'];
const CREATE = routeOf(settingsCalls.createInvitation);
const texts = en.settings.invitations;

function renderModal() {
  const onCreated = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <InvitationCreateModal open departments={departmentsStub()} onClose={() => {}} onCreated={onCreated} />
        ),
      },
    ],
    '/',
  );
  return { onCreated };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: texts.createSubmit }));

describe('invitation options', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({});
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for the validity and the number of uses', async () => {
    renderModal();
    fill(screen.getByLabelText(texts.expiry), '');
    fill(screen.getByLabelText(texts.maxUses), '');
    await submit();
    expect(await screen.findByText(texts.expiryRequired)).toBeInTheDocument();
    expect(screen.getByText(texts.maxUsesRequired)).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('keeps the validity within 7 days and the uses within INVITATION_MAX_USES, in whole numbers', async () => {
    renderModal();
    fill(screen.getByLabelText(texts.expiry), '200');
    fill(screen.getByLabelText(texts.maxUses), '1001');
    await submit();
    expect(await screen.findByText('The validity must be a whole number of hours from 1 to 168')).toBeInTheDocument();
    const usesRule = 'The number of uses must be a whole number from 1 to 1000';
    expect(screen.getByText(usesRule)).toBeInTheDocument();
    // a valid number first clears the message, so that the one for 1.5 cannot be the old one leaving
    fill(screen.getByLabelText(texts.maxUses), '5');
    await waitFor(() => expect(screen.queryByText(usesRule)).not.toBeInTheDocument());
    fill(screen.getByLabelText(texts.maxUses), '1.5');
    await submit();
    await waitFor(() => expect(screen.getByText(usesRule)).toBeInTheDocument());
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('creates a member link for 72 hours and one use by default, and an owner link without a department', async () => {
    const link = {
      id: 'secret',
      url: 'http://x/register-common-ordinary?referralId=secret',
      expiresAt: '2030-01-01T00:00:00.000Z',
      invitationId: 3,
    };
    api.routes[CREATE] = ok(link);
    const { onCreated } = renderModal();
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(link));
    expect(api.sent(CREATE)).toEqual([{ kind: 'member', expiresInHours: 72, maxUses: 1 }]);
  });

  it('offers a department only for a member link', async () => {
    renderModal();
    expect(screen.getByLabelText(texts.department)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(texts.kinds.owner) }));
    await waitFor(() => expect(screen.queryByLabelText(texts.department)).not.toBeInTheDocument());
  });
});

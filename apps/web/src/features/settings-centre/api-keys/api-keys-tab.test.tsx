import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { integrationCalls } from '@portal/shared/api/contract/integrations';
import { personalCalls } from '@portal/shared/api/contract/personal';
import type { ApiKey } from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { ApiKeysTab } from './api-keys-tab';

const LIST = routeOf(integrationCalls.apiKeys);
const CREATE = routeOf(integrationCalls.createApiKey);
const REVOKE = routeOf(integrationCalls.revokeApiKey);

const apiKey = (id: number, over: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: `HR sync ${id}`,
  prefix: `pak_ab${id}`,
  scopes: ['members.read', 'events.read'],
  status: 'active',
  expiresAt: '2027-02-24T08:00:00.000Z',
  lastUsedAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: { userId: 7, nickname: 'Ada Admin', account: 'ada.admin' },
  ...over,
});

const KEY = 'pak_ab9_3n4fP0xWqL2mZr8KcVtY6uHs1Dj';

describe('the API keys tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderTab = () => renderRoutes([{ path: '/', element: <ApiKeysTab /> }], '/');

  async function fillForm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('HR sync 9');
    const read = within(dialog).getByRole('checkbox', { name: /Read members/ });
    // each scope says what it allows
    expect(read.closest('label')).toHaveTextContent('See the members and departments.');
    await user.click(read);
    await user.click(within(dialog).getByRole('checkbox', { name: /Manage invitations/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByTitle('30 days'));
    return dialog;
  }

  it('creates a key with its scopes and lifetime, and shows the key once, with the warning', async () => {
    const user = userEvent.setup();
    let items: ApiKey[] = [apiKey(2, { status: 'revoked', lastUsedAt: '2026-11-25T08:00:00.000Z', createdBy: null })];
    api = fakeApi({
      [LIST]: () => ok({ items }),
      [CREATE]: () => {
        const created = apiKey(9, { scopes: ['members.read', 'invitations.manage'] });
        items = [created, ...items];
        return ok({ apiKey: created, key: KEY });
      },
    });
    renderTab();
    const revoked = (await screen.findByText('HR sync 2')).closest('tr')!;
    expect(revoked).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent('Deleted account');
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();

    const form = await fillForm(user);
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(KEY);
    expect(shown).toHaveTextContent('This is the only time the key is shown');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([
      { name: 'HR sync 9', scopes: ['members.read', 'invitations.manage'], expiresInDays: 30 },
    ]);

    await user.click(within(shown).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument());
    const row = (await screen.findByText('HR sync 9')).closest('tr')!;
    expect(row).toHaveTextContent('pak_ab9…');
    expect(row).toHaveTextContent('Read members');
    expect(row).toHaveTextContent('Manage invitations');
    expect(row).toHaveTextContent('Never used');
    expect(document.body).not.toHaveTextContent(KEY);
  });

  it("says whose key each is: the administrator's name and account, and that it ends with their role", async () => {
    api = fakeApi({
      [LIST]: ok({
        items: [
          apiKey(5),
          apiKey(6, { createdBy: { userId: 8, nickname: 'Phone Only', account: null } }),
          apiKey(7, { createdBy: null }),
        ],
      }),
    });
    renderTab();
    const header = await screen.findByRole('columnheader', { name: 'Created by' });
    const column = [...header.parentElement!.children].indexOf(header);
    const creatorOf = async (name: string) =>
      (await screen.findByText(name)).closest('tr')!.querySelectorAll('td')[column]!.textContent;
    expect(await creatorOf('HR sync 5')).toBe('Ada Admin (ada.admin)');
    expect(await creatorOf('HR sync 6')).toBe('Phone Only');
    expect(await creatorOf('HR sync 7')).toBe('Deleted account');
    expect(screen.getByText(/A key stops working when the administrator who made it is no longer one/)).toBeVisible();
  });

  it('says that the company has all the keys it may have (1009192), and shows no key', async () => {
    const user = userEvent.setup();
    api = fakeApi({ [LIST]: ok({ items: [] }), [CREATE]: fail(ErrorCode.ApiKeyLimit) });
    renderTab();
    const form = await fillForm(user);
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.toasts).toHaveBeenCalledWith(
        'This company has the most API keys it can have (20); revoke one it no longer uses first',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Create an API key' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument();
  });

  it('asks the administrator to confirm it is them when the server wants a fresh proof, then makes the key', async () => {
    const user = userEvent.setup();
    let proven = false;
    api = fakeApi({
      [LIST]: ok({ items: [] }),
      [CREATE]: () => (proven ? ok({ apiKey: apiKey(9), key: KEY }) : fail(ErrorCode.ReauthenticationRequired)),
      [routeOf(personalCalls.reauthenticate)]: () => {
        proven = true;
        return ok();
      },
    });
    renderTab();
    const form = await fillForm(user);
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const proof = (await screen.findByText('Confirm it’s you')).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(proof).getByLabelText('Current password'));
    await user.paste('Secret123');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(KEY);
    expect(api.sent(CREATE)).toHaveLength(2);
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('asks before revoking a key', async () => {
    const user = userEvent.setup();
    api = fakeApi({ [LIST]: ok({ items: [apiKey(4)] }), [REVOKE]: ok() });
    renderTab();
    const row = (await screen.findByText('HR sync 4')).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Systems using this key can no longer call the portal');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(REVOKE)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.sent(REVOKE)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });

  it('says it in Japanese', async () => {
    await i18n.changeLanguage('ja-JP');
    api = fakeApi({ [LIST]: ok({ items: [apiKey(4)] }) });
    renderTab();
    expect(await screen.findByRole('button', { name: 'API キーを作成' })).toBeInTheDocument();
    const row = (await screen.findByText('HR sync 4')).closest('tr');
    expect(row).toHaveTextContent('メンバーの読み取り');
    expect(row).toHaveTextContent('Ada Admin（ada.admin）');
  });
});

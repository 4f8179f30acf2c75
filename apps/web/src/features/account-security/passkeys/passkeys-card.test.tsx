import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { personalCalls } from '@portal/shared/api/contract/personal';
import type { Passkey } from '@portal/shared/api/passkeys';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { PasskeysCard } from './passkeys-card';

const browser = vi.hoisted(() => ({
  supported: true,
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supported,
  startRegistration: browser.startRegistration,
}));

const LIST = routeOf(calls.passkeys);
const OPTIONS = routeOf(calls.passkeyRegistrationOptions);
const ADD = routeOf(calls.addPasskey);
const RENAME = routeOf(calls.renamePasskey);
const REMOVE = routeOf(calls.removePasskey);
const REAUTHENTICATE = routeOf(personalCalls.reauthenticate);
const TWO_STEP = routeOf(calls.twoStep);

const LAPTOP: Passkey = {
  id: 3,
  name: 'Laptop',
  createdAt: '2026-05-01T08:00:00.000Z',
  lastUsedAt: '2026-05-02T09:30:00.000Z',
  deviceType: 'singleDevice',
  backedUp: false,
};
const UNNAMED: Passkey = { ...LAPTOP, id: 4, name: null, lastUsedAt: null, deviceType: 'multiDevice', backedUp: true };
const REGISTRATION_OPTIONS = {
  challenge: 'abc',
  rp: { name: 'Portal', id: 'localhost' },
  user: { id: 'u', name: 'lin', displayName: 'Lin' },
  pubKeyCredParams: [],
};
const ANSWER = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'a', attestationObject: 'b' },
  clientExtensionResults: {},
};

describe('passkeys card', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    browser.supported = true;
    browser.startRegistration.mockReset();
    api = fakeApi({
      [LIST]: ok([LAPTOP, UNNAMED]),
      [OPTIONS]: ok(REGISTRATION_OPTIONS),
      [ADD]: ok(LAPTOP),
      [RENAME]: ok(),
      [REMOVE]: ok(),
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const render = () => renderRoutes([{ path: '/personal', element: <PasskeysCard /> }], '/personal');

  it('lists the passkeys with their names, when they were added and last used, and whether they sync', async () => {
    render();
    const list = await screen.findByRole('list', { name: '2 passkeys' });
    const [laptop, unnamed] = within(list).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Laptop');
    expect(laptop).toHaveTextContent(/Last used/);
    expect(unnamed).toHaveTextContent('Unnamed passkey');
    expect(unnamed).toHaveTextContent('Not used yet');
    expect(within(unnamed!).getByText('Synced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename: Laptop' })).toBeInTheDocument();
  });

  it('adds a passkey: the name, then the browser ceremony with the server options, then the answer', async () => {
    browser.startRegistration.mockResolvedValue(ANSWER);
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Add a passkey/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: '  Work laptop ' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(api.sent(ADD)).toEqual([{ response: ANSWER, name: 'Work laptop' }]));
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: REGISTRATION_OPTIONS });
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
  });

  it('adds one without a name, and says so when the person cancels the browser dialog', async () => {
    browser.startRegistration.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Add a passkey/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Canceled or timed out')).toBeInTheDocument();
    expect(api.sent(ADD)).toEqual([]);

    browser.startRegistration.mockResolvedValueOnce(ANSWER);
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.sent(ADD)).toEqual([{ response: ANSWER }]));
  });

  it('renames a passkey, refusing an empty name', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename: Laptop' }));
    const dialog = within(await screen.findByRole('dialog'));
    const field = dialog.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Laptop');
    fireEvent.change(field, { target: { value: ' ' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Please enter a name')).toBeInTheDocument();
    expect(api.sent(RENAME)).toEqual([]);

    fireEvent.change(field, { target: { value: 'Old laptop' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(RENAME)).toEqual([{ id: 3, name: 'Old laptop' }]));
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
  });

  it('removes a passkey after a confirmation', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove: Unnamed passkey' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove the passkey “Unnamed passkey”?' }));
    expect(api.sent(REMOVE)).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.sent(REMOVE)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
  });

  it('asks the person to confirm it is them before removing a passkey from a stale session', async () => {
    let proven = false;
    api.routes[REMOVE] = () => (proven ? ok() : fail(ErrorCode.ReauthenticationRequired));
    api.routes[REAUTHENTICATE] = () => {
      proven = true;
      return ok();
    };
    api.routes[TWO_STEP] = ok({ enabled: false, recoveryCodesLeft: 0, required: false, setupCodeNeeded: false });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove: Laptop' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove the passkey “Laptop”?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));

    const proof = within((await screen.findByText('Confirm it’s you')).closest<HTMLElement>('[role="dialog"]')!);
    fireEvent.change(proof.getByLabelText('Current password'), { target: { value: 'Right2026x' } });
    await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(api.sent(REMOVE)).toEqual([{ id: 3 }, { id: 3 }]);
    expect(api.sent(REAUTHENTICATE)).toEqual([{ password: 'Right2026x' }]);
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a passkey as its message", async () => {
    browser.startRegistration.mockResolvedValue(ANSWER);
    api.routes[ADD] = fail(1009172);
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Add a passkey/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.toasts).toHaveBeenCalled());
    expect(screen.queryByText('Canceled or timed out')).not.toBeInTheDocument();
  });

  it('says when the browser has no WebAuthn, and offers no button to add', async () => {
    browser.supported = false;
    api.routes[LIST] = ok([]);
    render();
    expect(await screen.findByText(/This browser does not support passkeys/)).toBeInTheDocument();
    expect(await screen.findByText('No passkeys yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a passkey/ })).not.toBeInTheDocument();
  });
});

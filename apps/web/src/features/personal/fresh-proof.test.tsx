import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { personalCalls } from '@portal/shared/api/contract/personal';
import type { MySession } from '@portal/shared/api/sessions';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { type Answer, fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { SessionsCard } from '../account-security/sessions/sessions-card';
import { TwoStepSetup } from '../account-security/two-step/two-step-setup';

// the browser's own dialog: WebAuthn, which jsdom has not
const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: browser.startAuthentication,
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: () => true,
}));

const LIST = routeOf(accountSecurityCalls.mySessions);
const REVOKE_OTHERS = routeOf(accountSecurityCalls.revokeMyOtherSessions);
const REAUTHENTICATE = routeOf(personalCalls.reauthenticate);
const TWO_STEP = routeOf(accountSecurityCalls.twoStep);
const REMOVE_PASSKEY = routeOf(accountSecurityCalls.removePasskey);
const TWO_STEP_SETUP = routeOf(accountSecurityCalls.twoStepSetup);
const PASSKEYS = routeOf(accountSecurityCalls.passkeys);
const PASSKEY_OPTIONS = routeOf(personalCalls.reauthenticatePasskeyOptions);

const REQUEST_OPTIONS = {
  challenge: 'chal-1',
  rpId: 'localhost',
  allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
  userVerification: 'required',
};
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const PASSKEY_PROOF = { passkey: { challengeId: 'chal-1', response: ASSERTION } };
const MY_PASSKEY = {
  id: 3,
  name: 'Laptop',
  createdAt: '2026-05-01T08:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'multiDevice',
  backedUp: true,
};

const session = (id: number, current: boolean): MySession => ({
  id,
  device: { browser: 'Chrome 126', os: current ? 'Windows 10' : 'macOS 14', type: 'desktop' },
  ip: '203.0.113.*',
  createdAt: '2026-05-01T08:00:00.000Z',
  lastSeenAt: '2026-05-01T09:30:00.000Z',
  current,
});
const PLANTED = { id: 9, name: 'Planted', createdAt: '2026-05-01T08:30:00.000Z' };

/** Signing out everywhere, the sensitive call of these tests: refused for a stale proof until one is given. */
function staleUntilProven(proven: () => boolean, answer: Answer) {
  return () => (proven() ? answer : fail(ErrorCode.ReauthenticationRequired));
}

describe('confirm it is you before a sensitive change', () => {
  let api: ReturnType<typeof fakeApi>;
  let proven = false;
  beforeEach(async () => {
    writeToken('tok');
    proven = false;
    api = fakeApi({
      [LIST]: ok({ items: [session(7, true), session(5, false)], total: 2, nextCursor: null }),
      [REVOKE_OTHERS]: staleUntilProven(() => proven, ok({ revoked: 1, recentPasskeys: [] })),
      [REAUTHENTICATE]: (body) => {
        proven = JSON.stringify(body) === JSON.stringify({ password: 'Right2026x' });
        return proven ? ok() : fail(ErrorCode.PasswordIncorrect);
      },
      [TWO_STEP]: ok({ enabled: false, recoveryCodesLeft: 0, required: false }),
      [REMOVE_PASSKEY]: ok(),
      [PASSKEYS]: ok([]),
      [PASSKEY_OPTIONS]: ok({ challengeId: 'chal-1', options: REQUEST_OPTIONS }),
    });
    browser.startAuthentication.mockReset().mockResolvedValue(ASSERTION);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  /** The form dialog: jsdom names it by nothing, as its title sits outside the form wrapping it. */
  const proofDialog = async () => {
    const title = await screen.findByText('Confirm it’s you');
    return title.closest<HTMLElement>('[role="dialog"]')!;
  };

  async function signOutOthers() {
    renderRoutes([{ path: '/personal', element: <SessionsCard /> }], '/personal');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out all other sessions' }));
    return within(await proofDialog());
  }

  it('asks for the password when the proof is stale, says a wrong one under the field, then makes the call again', async () => {
    const proof = await signOutOthers();
    expect(proof.queryByRole('radio')).not.toBeInTheDocument();

    fireEvent.change(proof.getByLabelText('Current password'), { target: { value: 'Wrong2026x' } });
    await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
    expect(await proof.findByText('Incorrect password')).toBeInTheDocument();
    expect(api.sent(REVOKE_OTHERS)).toHaveLength(1);

    fireEvent.change(proof.getByLabelText('Current password'), { target: { value: 'Right2026x' } });
    await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    expect(api.sent(REVOKE_OTHERS)).toHaveLength(2);
    expect(api.sent(REAUTHENTICATE)).toEqual([{ password: 'Wrong2026x' }, { password: 'Right2026x' }]);
    // the refusal asked; it was never a toast
    expect(api.toasts).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.queryByText('Confirm it’s you')).not.toBeInTheDocument());
  });

  it('lets a person with two-step sign-in confirm with a code instead', async () => {
    api.routes[TWO_STEP] = ok({ enabled: true, recoveryCodesLeft: 10, required: false });
    api.routes[REAUTHENTICATE] = (body) => {
      proven = JSON.stringify(body) === JSON.stringify({ code: '123456' });
      return proven ? ok() : fail(ErrorCode.TwoStepCodeInvalid);
    };
    const proof = await signOutOthers();
    await userEvent.click(await proof.findByRole('radio', { name: 'Two-step code' }));
    fireEvent.change(proof.getByLabelText('Two-step code or recovery code'), { target: { value: '123456' } });
    await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    expect(api.sent(REAUTHENTICATE)).toEqual([{ code: '123456' }]);
  });

  it('gives up the change when the person cancels', async () => {
    const proof = await signOutOthers();
    await userEvent.click(proof.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByText('Confirm it’s you')).not.toBeInTheDocument());
    expect(api.sent(REVOKE_OTHERS)).toHaveLength(1);
    expect(api.sent(REAUTHENTICATE)).toEqual([]);
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('offers to remove the passkeys added lately, by name, after signing out everywhere', async () => {
    proven = true;
    api.routes[REVOKE_OTHERS] = ok({ revoked: 1, recentPasskeys: [PLANTED] });
    renderRoutes([{ path: '/personal', element: <SessionsCard /> }], '/personal');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out all other sessions' }));

    const offer = await screen.findByRole('dialog', { name: 'Also remove recently added passkeys?' });
    expect(within(offer).getByText('Planted')).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: 'Remove them' }));
    expect(await screen.findByText('The recent passkeys were removed')).toBeInTheDocument();
    expect(api.sent(REMOVE_PASSKEY)).toEqual([{ id: 9 }]);
  });

  it('asks nothing more when no passkey was added lately', async () => {
    proven = true;
    renderRoutes([{ path: '/personal', element: <SessionsCard /> }], '/personal');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Also remove recently added passkeys?' })).not.toBeInTheDocument();
  });

  it('asks before setting up two-step sign-in too, and offers to try again after a cancel', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    api.routes[TWO_STEP_SETUP] = staleUntilProven(
      () => proven,
      ok({
        secret,
        otpauthUri: `otpauth://totp/x?secret=${secret}`,
        qrSvgDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    );
    renderRoutes([{ path: '/personal', element: <TwoStepSetup onDone={() => {}} /> }], '/personal');
    await userEvent.click(within(await proofDialog()).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    const proof = within(await proofDialog());
    fireEvent.change(proof.getByLabelText('Current password'), { target: { value: 'Right2026x' } });
    await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('two-step-secret')).toHaveTextContent('JBSW Y3DP');
    expect(api.sent(TWO_STEP_SETUP)).toHaveLength(3);
  });
  describe('with a passkey', () => {
    beforeEach(() => {
      api.routes[PASSKEYS] = ok([MY_PASSKEY]);
      api.routes[REAUTHENTICATE] = (body) => {
        proven = JSON.stringify(body) === JSON.stringify(PASSKEY_PROOF);
        return proven ? ok() : fail(ErrorCode.PasskeyNotVerified);
      };
    });

    it('is not offered to a person without a passkey', async () => {
      api.routes[PASSKEYS] = ok([]);
      const proof = await signOutOthers();
      await vi.waitFor(() => expect(api.sent(PASSKEYS)).toHaveLength(1));
      expect(proof.getByLabelText('Current password')).toBeInTheDocument();
      expect(proof.queryByRole('button', { name: /Use a passkey/ })).not.toBeInTheDocument();
    });

    it('is not offered where the browser has no WebAuthn, nor are the passkeys asked for', async () => {
      vi.stubGlobal('PublicKeyCredential', undefined);
      const proof = await signOutOthers();
      expect(proof.getByLabelText('Current password')).toBeInTheDocument();
      expect(proof.queryByRole('button', { name: /Use a passkey/ })).not.toBeInTheDocument();
      expect(api.sent(PASSKEYS)).toEqual([]);
    });

    it('confirms with the passkey: the options, the browser dialog, the proof, then the call again', async () => {
      const proof = await signOutOthers();
      await userEvent.click(await proof.findByRole('button', { name: /Use a passkey/ }));
      expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
      expect(api.sent(PASSKEY_OPTIONS)).toHaveLength(1);
      expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
      expect(api.sent(REAUTHENTICATE)).toEqual([PASSKEY_PROOF]);
      expect(api.sent(REVOKE_OTHERS)).toHaveLength(2);
      expect(api.toasts).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(screen.queryByText('Confirm it’s you')).not.toBeInTheDocument());
    });

    it('says a passkey that does not verify inside the dialog, which stays for another try', async () => {
      api.routes[REAUTHENTICATE] = () => fail(ErrorCode.PasskeyNotVerified);
      const proof = await signOutOthers();
      const button = await proof.findByRole('button', { name: /Use a passkey/ });
      await userEvent.click(button);
      expect(await proof.findByText('The passkey could not be verified, please try again')).toBeInTheDocument();
      expect(api.toasts).not.toHaveBeenCalled();
      expect(api.sent(REVOKE_OTHERS)).toHaveLength(1);

      // another try, with a fresh challenge
      api.routes[REAUTHENTICATE] = () => {
        proven = true;
        return ok();
      };
      await vi.waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
      expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
      expect(api.sent(PASSKEY_OPTIONS)).toHaveLength(2);
    });

    it('says a challenge that ran out inside the dialog', async () => {
      api.routes[REAUTHENTICATE] = () => fail(ErrorCode.PasskeyChallengeInvalid);
      const proof = await signOutOthers();
      await userEvent.click(await proof.findByRole('button', { name: /Use a passkey/ }));
      expect(
        await proof.findByText('This passkey request has expired or was already used, please try again'),
      ).toBeInTheDocument();
      expect(api.toasts).not.toHaveBeenCalled();
      expect(proof.getByLabelText('Current password')).toBeInTheDocument();
    });

    it('says no passkey was used when the browser dialog ends without one, and sends nothing', async () => {
      browser.startAuthentication.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
      const proof = await signOutOthers();
      await userEvent.click(await proof.findByRole('button', { name: /Use a passkey/ }));
      expect(await proof.findByText('No passkey was used. You can try again.')).toBeInTheDocument();
      expect(proof.queryByText(/could not be verified/)).not.toBeInTheDocument();
      expect(api.sent(REAUTHENTICATE)).toEqual([]);

      // the password still does
      fireEvent.change(proof.getByLabelText('Current password'), { target: { value: 'Right2026x' } });
      api.routes[REAUTHENTICATE] = (body) => {
        proven = JSON.stringify(body) === JSON.stringify({ password: 'Right2026x' });
        return proven ? ok() : fail(ErrorCode.PasswordIncorrect);
      };
      await userEvent.click(proof.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    });

    it('is busy, not dead, while the browser dialog is open', async () => {
      let finish: (value: unknown) => void = () => {};
      browser.startAuthentication.mockReturnValue(new Promise((resolve) => (finish = resolve)));
      const proof = await signOutOthers();
      const button = await proof.findByRole('button', { name: /Use a passkey/ });
      await userEvent.click(button);
      await vi.waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
      await userEvent.click(button);
      finish(ASSERTION);
      expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
      expect(api.sent(PASSKEY_OPTIONS)).toHaveLength(1);
      expect(api.sent(REAUTHENTICATE)).toEqual([PASSKEY_PROOF]);
    });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { paths } from '../../config/paths';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { type Answer, fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { AuthorizePage } from './authorize-page';
import { PROVIDER, UID, interactionRoute, sampleClient, toProduct } from './authorize-test-kit';

// the browser's own dialog: WebAuthn, which jsdom has not
const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: browser.startAuthentication }));

const en = MESSAGES['en-US'];
const STEP = interactionRoute(authorizeCalls.interactionStep);
const REAUTHENTICATE = interactionRoute(authorizeCalls.reauthenticateInteraction);
const ABORT = interactionRoute(authorizeCalls.abortInteraction);
const LOGOUT = routeOf(signInCalls.logout);
const PASSKEY_OPTIONS = routeOf(personalCalls.reauthenticatePasskeyOptions);
const product = en.products.esguard.name;

const REQUEST_OPTIONS = {
  challenge: 'chal-9',
  rpId: 'localhost',
  allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
  userVerification: 'required',
};
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};
const PASSKEY_PROOF = { passkey: { challengeId: 'chal-9', response: ASSERTION } };

let api: ReturnType<typeof fakeApi>;
let assign: ReturnType<typeof vi.fn>;

function renderAuthorize() {
  return renderRoutes(
    [
      { path: paths.authorize, element: <AuthorizePage /> },
      { path: paths.login, element: <p>sign-in page</p> },
    ],
    `/authorize?interaction=${UID}`,
  );
}

/** The server's answers to the proofs, one after the other. */
function answers(...replies: Answer[]) {
  return () => replies.shift()!;
}

beforeEach(async () => {
  api = fakeApi({ [PASSKEY_OPTIONS]: ok({ challengeId: 'chal-9', options: REQUEST_OPTIONS }) });
  browser.startAuthentication.mockReset().mockResolvedValue(ASSERTION);
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  writeToken('tok-session-aaaaaaaaaaaaaaaa');
  await i18n.changeLanguage('en-US');
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe("the interaction screen's step-up", () => {
  it('asks for the password, says a wrong one under the field, and goes on without signing out', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = answers(fail(ErrorCode.PasswordIncorrect), ok(toProduct()));
    renderAuthorize();

    expect(await screen.findByRole('heading', { name: en.personal.proofTitle })).toBeInTheDocument();
    expect(screen.getByText(en.authorize.reauthenticate.description.replace('{{product}}', product))).toBeVisible();
    // one method: nothing to choose
    expect(screen.queryByRole('radio')).toBeNull();
    const password = screen.getByLabelText(en.personal.proofPassword);
    await userEvent.type(password, 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: en.personal.proofConfirm }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/.+/));

    await userEvent.clear(password);
    await userEvent.type(password, 'Right2026pass');
    await userEvent.click(screen.getByRole('button', { name: en.personal.proofConfirm }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(REAUTHENTICATE)).toEqual([{ password: 'wrong-password' }, { password: 'Right2026pass' }]);
    expect(api.sent(LOGOUT)).toEqual([]);
  });

  it('tells a person asked for two factors who has one only where to get the second, and still takes the password', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: true,
    });
    api.routes[REAUTHENTICATE] = ok(toProduct());
    renderAuthorize();

    const notice = await screen.findByTestId('authorize-no-second-factor');
    expect(notice).toHaveTextContent(en.authorize.reauthenticate.noSecondFactor.replace('{{product}}', product));
    expect(screen.getByRole('link', { name: en.authorize.reauthenticate.openPersonal })).toHaveAttribute(
      'href',
      paths.personal,
    );
    await userEvent.type(screen.getByLabelText(en.personal.proofPassword), 'Right2026pass');
    await userEvent.click(screen.getByRole('button', { name: en.personal.proofConfirm }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
  });

  it('says nothing of a missing second factor to a person asked for one proof', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password'],
      secondFactor: false,
      noSecondFactor: false,
    });
    renderAuthorize();
    expect(await screen.findByLabelText(en.personal.proofPassword)).toBeInTheDocument();
    expect(screen.queryByTestId('authorize-no-second-factor')).toBeNull();
  });

  it('asks for two factors one after the other: the password, then a code of the app', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'code'],
      secondFactor: true,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = answers(
      ok({
        step: 'reauthenticate',
        client: sampleClient,
        methods: ['code'],
        secondFactor: true,
        noSecondFactor: false,
      }),
      ok(toProduct()),
    );
    renderAuthorize();

    expect(
      await screen.findByText(en.authorize.reauthenticate.secondFactor.replace('{{product}}', product)),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText(en.personal.proofPassword), 'Right2026pass');
    await userEvent.click(screen.getByRole('button', { name: en.personal.proofConfirm }));

    const code = await screen.findByLabelText(en.personal.proofCode);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: en.personal.proofConfirm }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(REAUTHENTICATE)).toEqual([{ password: 'Right2026pass' }, { code: '123456' }]);
  });

  it('goes back to the product when the person cancels', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'code'],
      secondFactor: false,
      noSecondFactor: false,
    });
    api.routes[ABORT] = ok(toProduct(`${PROVIDER}?denied`));
    renderAuthorize();

    // either proof will do: the person chooses
    expect(await screen.findByRole('radio', { name: en.personal.proofWithCode })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.authorize.reauthenticate.cancel }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}?denied`));
  });
});

describe("the step-up's passkey", () => {
  const usePasskey = () => screen.findByRole('button', { name: en.personal.proofWithPasskey });

  it('is offered beside the password and the code, and its proof goes on to the product', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'code', 'passkey'],
      secondFactor: false,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = ok(toProduct());
    renderAuthorize();

    expect(await screen.findByRole('radio', { name: en.personal.proofWithCode })).toBeInTheDocument();
    // a passkey is not a third radio: pressing it proves at once
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    await userEvent.click(await usePasskey());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(PASSKEY_OPTIONS)).toHaveLength(1);
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(api.sent(REAUTHENTICATE)).toEqual([PASSKEY_PROOF]);
  });

  it('is the one button where it is the only proof, says one that does not verify, and can be tried again', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['passkey'],
      secondFactor: false,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = answers(fail(ErrorCode.PasskeyNotVerified), ok(toProduct()));
    renderAuthorize();

    const button = await usePasskey();
    expect(screen.queryByLabelText(en.personal.proofPassword)).toBeNull();
    expect(screen.queryByRole('button', { name: en.personal.proofConfirm })).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByText(en.errors[ErrorCode.PasskeyNotVerified])).toBeVisible();
    expect(api.toasts).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();

    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(api.sent(REAUTHENTICATE)).toEqual([PASSKEY_PROOF, PASSKEY_PROOF]);
    expect(api.sent(PASSKEY_OPTIONS)).toHaveLength(2);
  });

  it('says a challenge that ran out, and a browser dialog that ended without a passkey, on the screen', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['passkey'],
      secondFactor: false,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = fail(ErrorCode.PasskeyChallengeInvalid);
    renderAuthorize();

    const button = await usePasskey();
    await userEvent.click(button);
    expect(await screen.findByText(en.errors[ErrorCode.PasskeyChallengeInvalid])).toBeVisible();

    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(en.personal.proofPasskeyNotUsed)).toBeVisible();
    expect(screen.queryByText(en.errors[ErrorCode.PasskeyChallengeInvalid])).toBeNull();
    expect(api.sent(REAUTHENTICATE)).toHaveLength(1);
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('stands for both steps where two are asked for, and the next step follows its answer', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'code', 'passkey'],
      secondFactor: true,
      noSecondFactor: false,
    });
    api.routes[REAUTHENTICATE] = ok({ step: 'denied', client: sampleClient, company: null, otherCompanies: false });
    renderAuthorize();

    expect(await screen.findByText(en.authorize.reauthenticate.passkeyBothSteps)).toBeVisible();
    await userEvent.click(await usePasskey());
    await waitFor(() => expect(screen.queryByTestId('authorize-reauthenticate-step')).toBeNull());
    expect(api.sent(REAUTHENTICATE)).toEqual([PASSKEY_PROOF]);
  });

  it('is not offered beside other proofs where the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'passkey'],
      secondFactor: false,
      noSecondFactor: false,
    });
    renderAuthorize();

    expect(await screen.findByLabelText(en.personal.proofPassword)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.personal.proofWithPasskey })).toBeNull();
    // the password alone is left: nothing to choose
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

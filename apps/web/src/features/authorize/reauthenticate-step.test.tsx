import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
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

const en = MESSAGES['en-US'];
const STEP = interactionRoute(authorizeCalls.interactionStep);
const REAUTHENTICATE = interactionRoute(authorizeCalls.reauthenticateInteraction);
const ABORT = interactionRoute(authorizeCalls.abortInteraction);
const LOGOUT = routeOf(signInCalls.logout);
const product = en.products.esguard.name;

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
  api = fakeApi({});
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
    api.routes[STEP] = ok({ step: 'reauthenticate', client: sampleClient, methods: ['password'], secondFactor: false });
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

  it('asks for two factors one after the other: the password, then a code of the app', async () => {
    api.routes[STEP] = ok({
      step: 'reauthenticate',
      client: sampleClient,
      methods: ['password', 'code'],
      secondFactor: true,
    });
    api.routes[REAUTHENTICATE] = answers(
      ok({ step: 'reauthenticate', client: sampleClient, methods: ['code'], secondFactor: true }),
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
    });
    api.routes[ABORT] = ok(toProduct(`${PROVIDER}?denied`));
    renderAuthorize();

    // either proof will do: the person chooses
    expect(await screen.findByRole('radio', { name: en.personal.proofWithCode })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.authorize.reauthenticate.cancel }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PROVIDER}?denied`));
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { TwoStepCard } from './two-step-card';

const STATE = routeOf(calls.twoStep);
const SETUP = routeOf(calls.twoStepSetup);
const CONFIRM = routeOf(calls.twoStepConfirm);
const DISABLE = routeOf(calls.twoStepDisable);
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Sets a field's value in one event: typing key by key through antd in jsdom is slow and adds nothing here. */
function fill(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}

/** Opens a dialog by its button's accessible name and returns queries inside it. */
async function openDialog(buttonName: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  return within(await screen.findByRole('dialog'));
}

const renderCard = () => renderRoutes([{ path: '/personal', element: <TwoStepCard /> }], '/personal');

describe('two-step sign-in in the personal centre', () => {
  let server: ReturnType<typeof fakeApi> | undefined;
  beforeEach(async () => {
    writeToken('tok');
    server = fakeApi({});
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    server?.restore();
    await i18n.changeLanguage('zh-CN');
  });
  const api = () => server!;

  /** Two-step sign-in off until a code confirms it; the right code is 123456. */
  function offUntilConfirmed(required = false) {
    let enabled = false;
    api().routes[STATE] = () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0, required });
    api().routes[SETUP] = ok({
      secret: SECRET,
      otpauthUri: `otpauth://totp/Energy%20Portal:lin.wei?secret=${SECRET}`,
      qrSvgDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    api().routes[CONFIRM] = (body) => {
      if ((body as { code: string }).code !== '123456') return fail(ErrorCode.TwoStepCodeInvalid);
      enabled = true;
      return ok({ recoveryCodes: CODES });
    };
  }

  /** On, with one recovery code left, until the password Secret2026 and the code abcd0-efgh0 turn it off. */
  function onUntilTurnedOff() {
    let enabled = true;
    api().routes[STATE] = () => ok({ enabled, recoveryCodesLeft: enabled ? 1 : 0, required: false });
    api().routes[DISABLE] = (body) => {
      const { password, code } = body as { password: string; code: string };
      if (password !== 'Secret2026') return fail(ErrorCode.PasswordIncorrect);
      if (code !== 'abcd0-efgh0') return fail(ErrorCode.TwoStepCodeInvalid);
      enabled = false;
      return ok();
    };
  }

  it('shows the QR code and the key, and a wrong code under its field', async () => {
    offUntilConfirmed(true);
    renderCard();
    expect(await screen.findByText('Your company requires two-step sign-in')).toBeInTheDocument();
    const dialog = await openDialog('Turn on two-step sign-in');
    expect(await dialog.findByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = dialog.getByRole('textbox', { name: '6-digit code from the app' });
    fill(code, '12a');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    fill(code, '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Wrong two-step code, please try again')).toBeInTheDocument();
    expect(api().toasts).not.toHaveBeenCalled();
  });

  it('turns on with a right code and shows the ten recovery codes once', async () => {
    offUntilConfirmed();
    renderCard();
    const dialog = await openDialog('Turn on two-step sign-in');
    fill(await dialog.findByRole('textbox', { name: '6-digit code from the app' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    const list = await dialog.findByRole('list', { name: 'Save your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(dialog.getByText('abcd0-efgh0')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeInTheDocument();
    expect(api().sent(CONFIRM)).toEqual([{ code: '123456' }]);
  });

  it('offers no Turn off while a company requires two-step sign-in, and says why', async () => {
    api().routes[STATE] = ok({ enabled: true, recoveryCodesLeft: 10, required: true });
    renderCard();
    const turnOff = await screen.findByRole('button', { name: 'Turn off two-step sign-in' });
    expect(turnOff).toBeDisabled();
    expect(turnOff).toHaveAccessibleDescription(
      'A company you belong to requires two-step sign-in, so you cannot turn it off.',
    );
  });

  it('asks for the password and a code to turn off, a wrong password under its field', async () => {
    onUntilTurnedOff();
    renderCard();
    expect(await screen.findByText('1 recovery code left')).toBeInTheDocument();
    const dialog = await openDialog('Turn off two-step sign-in');
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Please enter password')).toBeInTheDocument();
    expect(api().sent(DISABLE)).toEqual([]);

    fill(dialog.getByLabelText('Password'), 'Wrong2026x');
    fill(dialog.getByLabelText('Code or recovery code'), '111111');
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Incorrect password')).toBeInTheDocument();
    expect(api().toasts).not.toHaveBeenCalled();
  });

  it('turns off with the password and a recovery code, a wrong code under its field', async () => {
    onUntilTurnedOff();
    renderCard();
    const dialog = await openDialog('Turn off two-step sign-in');
    fill(dialog.getByLabelText('Password'), 'Secret2026');
    fill(dialog.getByLabelText('Code or recovery code'), '111111');
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Wrong two-step code, please try again')).toBeInTheDocument();

    fill(dialog.getByLabelText('Code or recovery code'), 'abcd0-efgh0');
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument());
    expect(api().sent(DISABLE)).toEqual([
      { password: 'Secret2026', code: '111111' },
      { password: 'Secret2026', code: 'abcd0-efgh0' },
    ]);
  });
});

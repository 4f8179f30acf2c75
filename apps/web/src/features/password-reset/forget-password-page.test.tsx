import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { ForgetPasswordPage } from './forget-password-page';

const SEND_EMAIL = routeOf(codeCalls.sendEmail);
const RESET = routeOf(personalCalls.forgetPassword);

/** Types the text as one paste: antd re-validates on every keystroke, which is slow and tells nothing here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** This suite runs beside others on a small machine: a screen may take more than the default second. */
const SLOW = { timeout: 5000 };

function renderPage() {
  return renderRoutes(
    [
      { path: '/forget_password', element: <ForgetPasswordPage /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    '/forget_password',
  );
}

/** Visited tabs stay in the DOM, hidden; only the visible panel's fields count. */
const panel = () => within(screen.getByRole('tabpanel'));

async function throughPhoneStep() {
  await fill(panel().getByRole('textbox', { name: 'Phone number' }), '13800138000');
  await fill(panel().getByRole('textbox', { name: 'Verification code' }), '654321');
  await userEvent.click(panel().getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Set new password' }, SLOW)).toHaveFocus();
}

describe('password recovery', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [SEND_EMAIL]: ok({ cooldownSeconds: 60 }), [RESET]: ok() });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for the phone and the code', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    await userEvent.click(panel().getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please enter your phone number', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('says what the step asks for under the stepper, not the step name a second time', () => {
    renderPage();
    expect(screen.getAllByText('Verify identity')).toHaveLength(1);
    expect(
      screen.getByRole('heading', { name: 'Enter the phone number or email of your account' }),
    ).toBeInTheDocument();
  });

  it('checks the email format on the email tab and sends a reset code to a valid one', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Email' }));
    await fill(panel().getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(panel().getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Invalid email format', {}, SLOW)).toBeInTheDocument();
    expect(api.sent(SEND_EMAIL)).toEqual([]);

    await userEvent.clear(panel().getByRole('textbox', { name: 'Email' }));
    await fill(panel().getByRole('textbox', { name: 'Email' }), 'li@example.com');
    await userEvent.click(panel().getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(api.sent(SEND_EMAIL)).toEqual([{ email: 'li@example.com', scene: 'reset' }]));
  });

  it('checks the new password and its confirmation', async () => {
    renderPage();
    await throughPhoneStep();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Please enter password', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please confirm password', {}, SLOW)).toBeInTheDocument();

    await fill(screen.getByLabelText('New password'), 'alllowercase1');
    await fill(screen.getByLabelText('Confirm new password'), 'Other2026pass');
    expect(
      await screen.findByText(
        'Password must be 8-20 characters long, with uppercase and lowercase letters and numbers',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please make sure the passwords match', {}, SLOW)).toBeInTheDocument();
    expect(api.sent(RESET)).toEqual([]);
  });

  it('sends the code only with the new password, then returns to sign-in', async () => {
    const { router } = renderPage();
    await throughPhoneStep();
    expect(await screen.findByText('Set a new password for the account of 13800138000.', {}, SLOW)).toBeInTheDocument();

    await fill(screen.getByLabelText('New password'), 'Renewed2026pass');
    await fill(screen.getByLabelText('Confirm new password'), 'Renewed2026pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('sign-in page', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(
      await screen.findByText('Your password has been reset. Please sign in with the new password.', {}, SLOW),
    ).toBeInTheDocument();
    expect(api.sent(RESET)).toEqual([
      {
        identifierType: 'phone',
        identifier: '13800138000',
        code: '654321',
        password: 'Renewed2026pass',
        confirmPassword: 'Renewed2026pass',
      },
    ]);
  });

  it('returns to the first step, phone kept, and says the refused code there only', async () => {
    api.routes[RESET] = fail(ErrorCode.CodeInvalid);
    renderPage();
    await throughPhoneStep();
    await fill(screen.getByLabelText('New password'), 'Renewed2026pass');
    await fill(screen.getByLabelText('Confirm new password'), 'Renewed2026pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByRole('heading', { name: 'Enter the phone number or email of your account' }, SLOW),
    ).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Phone number' })).toHaveValue('13800138000');
    expect(panel().getByRole('textbox', { name: 'Verification code' })).toHaveValue('');
    expect(await panel().findByText('Invalid verification code', {}, SLOW)).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('says under the new password that it is the current one', async () => {
    api.routes[RESET] = fail(ErrorCode.PasswordUnchanged);
    renderPage();
    await throughPhoneStep();
    await fill(screen.getByLabelText('New password'), 'Current2026pass');
    await fill(screen.getByLabelText('Confirm new password'), 'Current2026pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('The new password must be different from the current one', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Set new password' })).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it("says the server's verdict on a field of the request under that field (1000400 with data.fields)", async () => {
    api.routes[RESET] = fail(ErrorCode.BadRequest, { fields: { password: 'validation.passwordRule' } });
    renderPage();
    await throughPhoneStep();
    await fill(screen.getByLabelText('New password'), 'Renewed2026pass');
    await fill(screen.getByLabelText('Confirm new password'), 'Renewed2026pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText(
        'Password must be 8-20 characters long, with uppercase and lowercase letters and numbers',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm new password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '找回密码' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '邮箱' }));
    await userEvent.click(panel().getByRole('button', { name: '下一步' }));

    expect(await screen.findByText('请输入邮箱', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码', {}, SLOW)).toBeInTheDocument();
  });
});

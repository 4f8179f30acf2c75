import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { VerifyPhoneStep } from './verify-phone-step';

const SEND_SMS = routeOf(codeCalls.sendSms);
const CHECK_CODE = routeOf(codeCalls.checkPhoneCode);
const SIGN_UP_CHECK = routeOf(registrationCalls.signUpCheck);

/** Types the text as one paste: antd re-validates on every keystroke, which is slow and tells nothing here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** This suite runs beside others on a small machine: a screen may take more than the default second. */
const SLOW = { timeout: 5000 };

function renderStep(initialPhone = '') {
  const onVerified = vi.fn();
  const onBack = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <VerifyPhoneStep
            referralId="ref-1"
            initialPhone={initialPhone}
            rejections={{}}
            onVerified={onVerified}
            onBack={onBack}
          />
        ),
      },
    ],
    '/',
  );
  return { onVerified, onBack };
}

describe('verify-phone step', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({
      [SEND_SMS]: ok({ cooldownSeconds: 60 }),
      [CHECK_CODE]: ok({ ticket: 'tic-1', expiresAt: '2099-01-01T00:00:00Z' }),
      [SIGN_UP_CHECK]: ok({ registered: true, joined: false }),
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for the phone and the code, and can go back to the invitation', async () => {
    const { onBack } = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please enter your phone number', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(CHECK_CODE)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('checks the formats, and sends no code to a malformed phone', async () => {
    renderStep();
    await fill(screen.getByRole('textbox', { name: 'Phone number' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Invalid phone number format', {}, SLOW)).toBeInTheDocument();
    expect(api.sent(SEND_SMS)).toEqual([]);

    await fill(screen.getByRole('textbox', { name: 'Verification code' }), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The verification code is 6 digits', {}, SLOW)).toBeInTheDocument();
  });

  it('sends a register code, then trades the code for a ticket and asks whether the phone has an account', async () => {
    const { onVerified } = renderStep('13800138000');

    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' }, SLOW)).toBeDisabled();
    expect(api.sent(SEND_SMS)).toEqual([{ phone: '13800138000', scene: 'register' }]);
    // the code goes where it is typed next
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveFocus();

    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(onVerified).toHaveBeenCalledWith({
        phone: '13800138000',
        ticket: 'tic-1',
        registered: true,
        joined: false,
      }),
    );
    expect(api.sent(CHECK_CODE)).toEqual([{ phone: '13800138000', code: '123456', scene: 'register' }]);
    expect(api.sent(SIGN_UP_CHECK)).toEqual([{ ticket: 'tic-1', referralId: 'ref-1' }]);
  });

  it('says a wrong code under the code field, and only there', async () => {
    api.routes[CHECK_CODE] = fail(ErrorCode.RegisterCodeInvalid);
    const { onVerified } = renderStep('13800138000');
    await fill(screen.getByRole('textbox', { name: 'Verification code' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Invalid verification code', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(SIGN_UP_CHECK)).toEqual([]);
    expect(onVerified).not.toHaveBeenCalled();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('marks both fields as required', () => {
    renderStep();
    for (const name of ['Phone number', 'Verification code']) {
      expect(screen.getByText(name, { selector: 'label' })).toHaveClass('ant-form-item-required');
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('aria-required', 'true');
    }
  });

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh-CN');
    renderStep();
    await fill(screen.getByRole('textbox', { name: '手机号' }), '2345');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));

    expect(await screen.findByText('手机号格式不正确', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码', {}, SLOW)).toBeInTheDocument();
  });
});

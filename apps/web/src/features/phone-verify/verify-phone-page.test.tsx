import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../../test/session-fixtures';
import { VerifyPhonePage } from './verify-phone-page';

const CERTIFICATION = routeOf(personalCalls.certification);
const SEND_SMS = routeOf(codeCalls.sendSms);
const PHONE_AUTH = routeOf(personalCalls.phoneAuth);

let api: ReturnType<typeof fakeApi>;

function renderPage(deadline = '2025-06-30', phone: string | null = '13900001111') {
  api.routes[CERTIFICATION] = ok({ certified: false, phone, deadline });
  return renderRoutes(
    [
      { path: '/vertify-phone', element: <VerifyPhonePage /> },
      { path: '/home', element: <p>home page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/vertify-phone',
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function submitCode() {
  await userEvent.click(await screen.findByRole('textbox', { name: 'Verification code' }));
  await userEvent.paste('654321');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
}

beforeEach(() => {
  writeToken('tok');
  // once verified, the portal is entered with the account as the server now sees it
  api = fakeApi({
    [routeOf(signInCalls.currentUser)]: ok({ ...testUser, phoneCertified: true }),
    [routeOf(portalCalls.portalInfo)]: ok(testPortalInfo(2)),
    [routeOf(brandingCalls.personalization)]: ok(testPersonalization),
    [SEND_SMS]: ok({ cooldownSeconds: 60 }),
    [PHONE_AUTH]: ok(),
  });
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('phone verification form', () => {
  it('starts from the account phone and asks for phone and code in English', async () => {
    await i18n.changeLanguage('en-US');
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveValue('13900001111');

    await userEvent.clear(field('Phone number'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Please enter your phone number')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api.sent(PHONE_AUTH)).toEqual([]);
  });

  it('checks the formats in Chinese', async () => {
    renderPage();
    const phone = await screen.findByRole('textbox', { name: '手机号' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '1234');
    await userEvent.type(field('验证码'), '99');
    await userEvent.click(screen.getByRole('button', { name: '验证并继续' }));
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(await screen.findByText('验证码为 6 位数字')).toBeInTheDocument();
  });

  it('sends a certify code, verifies and goes on to home', async () => {
    await i18n.changeLanguage('en-US');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(field('Verification code')).toHaveFocus());
    expect(api.sent(SEND_SMS)).toEqual([{ phone: '13900001111', scene: 'certify' }]);

    await submitCode();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.sent(PHONE_AUTH)).toEqual([{ phone: '13900001111', code: '654321' }]);
  });

  it('names the colleague who holds the phone as the personal centre does', async () => {
    api.routes[PHONE_AUTH] = fail(ErrorCode.PhoneBound, { boundTo: { nickname: 'T*', account: 't***@example.com' } });
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    // antd gives every title the id "test-id" under test, so the dialog's name is not unique here
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Phone number already bound')).toBeInTheDocument();
    expect(
      // the holder is kept on one line by a span of its own inside the sentence
      within(dialog).getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'This phone number is already bound to another account in your company: T* (t***@example.com)',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use another number' }));
    await waitFor(() => expect(field('Phone number')).toHaveFocus());
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('says a wrong code under the code field, and only there', async () => {
    api.routes[PHONE_AUTH] = fail(ErrorCode.CodeInvalid);
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
    expect(field('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it("says under the phone field that a required two-step set-up wants the account's own phone", async () => {
    api.routes[PHONE_AUTH] = fail(ErrorCode.PhoneNotOnRecord);
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    expect(
      await screen.findByText(
        'Your company requires two-step sign-in: first verify the phone number on your account. To use another number, ask an administrator to change it',
      ),
    ).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('names no one when the holder is not a colleague', async () => {
    api.routes[PHONE_AUTH] = fail(ErrorCode.PhoneBound, { boundTo: null });
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    // antd gives every title the id "test-id" under test, so the dialog's name is not unique here
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Phone number already bound')).toBeInTheDocument();
    expect(within(dialog).getByText('This phone number is already bound to another account.')).toBeInTheDocument();
  });

  it('offers to skip only before the cut-off, and always to sign out', async () => {
    await i18n.changeLanguage('en-US');
    const { unmount } = renderPage('2025-06-30');
    expect(
      await screen.findByText('Since June 30, 2025, accounts without a verified phone number can no longer be used.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    unmount();

    renderPage('2999-12-31');
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});

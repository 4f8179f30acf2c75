import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CallOptions } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { writeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import type * as CertificationModule from '../../session/certification';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../../test/session-fixtures';
import { VerifyPhonePage } from './verify-phone-page';

vi.mock('../../session/session-api', () => import('../../test/session-api-mock'));
vi.mock('../../session/certification', async (importOriginal) => ({
  ...(await importOriginal<typeof CertificationModule>()),
  fetchCertification: vi.fn(),
}));
vi.mock('../../lib/code-api', () => ({ sendSmsCode: vi.fn() }));
vi.mock('./phone-auth-api', () => ({ phoneAuth: vi.fn() }));
const sessionApi = await import('../../session/session-api');
const certification = await import('../../session/certification');
const codeApi = await import('../../lib/code-api');
const { phoneAuth } = await import('./phone-auth-api');

function renderPage(deadline = '2025-06-30', phone: string | null = '13900001111') {
  vi.mocked(certification.fetchCertification).mockResolvedValue({ certified: false, phone, deadline });
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

/** What the api client would have toasted: a refusal that no handler of the caller took. */
const toast = vi.fn();

/** Rejects as the api client does: the caller's handler for the code when it has one, else the toast. */
function refusal(code: number, message: string, data: unknown = null) {
  return (...args: unknown[]) => {
    const error = new ApiError(code, message, data);
    const own = (args.at(-1) as CallOptions | undefined)?.onError?.[code];
    if (own) own(error);
    else toast(message);
    return Promise.reject(error);
  };
}

async function submitCode() {
  await userEvent.click(await screen.findByRole('textbox', { name: 'Verification code' }));
  await userEvent.paste('654321');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  writeToken('tok');
  vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue({ ...testUser, phoneCertified: true });
  vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(testPortalInfo(2));
  vi.mocked(sessionApi.fetchPersonalization).mockResolvedValue(testPersonalization);
});
afterEach(() => i18n.changeLanguage('zh-CN'));

describe('phone verification form', () => {
  it('starts from the account phone and asks for phone and code in English', async () => {
    await i18n.changeLanguage('en-US');
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveValue('13900001111');

    await userEvent.clear(field('Phone number'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Please enter your phone number')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(phoneAuth).not.toHaveBeenCalled();
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
    vi.mocked(codeApi.sendSmsCode).mockResolvedValue({ cooldownSeconds: 60 });
    vi.mocked(phoneAuth).mockResolvedValue(null);
    await i18n.changeLanguage('en-US');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Get code' }));
    expect(codeApi.sendSmsCode).toHaveBeenCalledWith(
      '13900001111',
      'certify',
      expect.objectContaining({ onError: expect.any(Object) }),
    );

    expect(field('Verification code')).toHaveFocus();

    await submitCode();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(phoneAuth).toHaveBeenCalledWith({ phone: '13900001111', code: '654321' }, expect.anything());
  });

  it('names the colleague who holds the phone as the personal centre does', async () => {
    vi.mocked(phoneAuth).mockImplementation(
      refusal(ErrorCode.PhoneBound, 'bound', { boundTo: { nickname: 'T*', account: 't***@example.com' } }),
    );
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    // antd gives every title the id "test-id" under test, so the dialog's name is not unique here
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Phone number already bound')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'This phone number is already bound to another account in your company: T* (t***@example.com)',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use another number' }));
    await waitFor(() => expect(field('Phone number')).toHaveFocus());
    expect(toast).not.toHaveBeenCalled();
  });

  it('says a wrong code under the code field, and only there', async () => {
    vi.mocked(phoneAuth).mockImplementation(refusal(ErrorCode.CodeInvalid, 'Invalid verification code'));
    await i18n.changeLanguage('en-US');
    renderPage();
    await submitCode();

    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
    expect(field('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(toast).not.toHaveBeenCalled();
  });

  it('names no one when the holder is not a colleague', async () => {
    vi.mocked(phoneAuth).mockImplementation(refusal(ErrorCode.PhoneBound, 'bound', { boundTo: null }));
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

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferralInfo } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-route';
import { RegisterCommonOrdinaryPage } from './register-common-page';
import { RegisterOwnerPage } from './register-owner-page';
import type * as RegistrationApi from './registration-api';

vi.mock('../../lib/code-api', () => ({
  sendSmsCode: vi.fn(),
  checkPhoneCode: vi.fn(),
  sendEmailCode: vi.fn(),
  checkEmailCode: vi.fn(),
}));
vi.mock('./registration-api', async (importOriginal) => ({
  ...(await importOriginal<typeof RegistrationApi>()),
  fetchReferralInfo: vi.fn(),
  checkSignUp: vi.fn(),
  joinEnterprise: vi.fn(),
  signUpMember: vi.fn(),
  signUpEnterprise: vi.fn(),
}));
const codes = await import('../../lib/code-api');
const api = await import('./registration-api');

/** Types the text as one paste: antd re-validates on every keystroke, which is slow and tells nothing here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** This suite runs beside others on a small machine: a screen may take more than the default second. */
const SLOW = { timeout: 5000 };

const MEMBER_LINK: ReferralInfo = {
  status: 'valid',
  kind: 'member',
  enterpriseName: 'Green Demo Ltd',
  enterpriseDomain: 'demo',
  inviterName: 'Wang Fang',
  expiresAt: '2099-03-01T08:00:00Z',
};
const RESULT = { token: 'tok-new', enterpriseId: 7, enterpriseName: 'Green Demo Ltd', enterpriseDomain: 'demo' };

function renderFlow(path: string) {
  return renderRoutes(
    [
      { path: '/register-common-ordinary', element: <RegisterCommonOrdinaryPage /> },
      { path: '/register-owner-enterprise', element: <RegisterOwnerPage /> },
      { path: '/register-invalidity', element: <p>invalid link page</p> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    path,
  );
}

/** Steps 1 and 2 with a phone whose check answers `check`. */
async function throughPhoneStep(check: { registered: boolean; joined: boolean }) {
  vi.mocked(codes.checkPhoneCode).mockResolvedValue({ ticket: 'tic-1', expiresAt: '2099-01-01T00:00:00Z' });
  vi.mocked(api.checkSignUp).mockResolvedValue(check);
  await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW));
  await fill(screen.getByRole('textbox', { name: 'Phone number' }), '13800138000');
  await fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('invitation flow', () => {
  beforeEach(async () => {
    vi.mocked(api.fetchReferralInfo).mockReset().mockResolvedValue(MEMBER_LINK);
    vi.mocked(api.joinEnterprise).mockReset();
    vi.mocked(api.signUpMember).mockReset();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('shows who invites into which company as what, with the steps', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');

    expect(
      await screen.findByText('Wang Fang invites you to join Green Demo Ltd as a member.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Company member registration' })).toBeInTheDocument();
    expect(await screen.findByText('Company member', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('demo', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 1 of 4: Invitation');
    expect(screen.getByRole('heading', { level: 2, name: 'You have been invited' })).not.toHaveFocus();
    expect(api.fetchReferralInfo).toHaveBeenCalledWith('ref-1');
  });

  it('lets a phone with an account join after a confirmation, and signs it in', async () => {
    vi.mocked(api.joinEnterprise).mockResolvedValue(RESULT);
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });

    expect(await screen.findByRole('heading', { name: 'Confirm joining the company' }, SLOW)).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 3 of 4: Confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Join the company' }));

    expect(await screen.findByRole('heading', { name: 'Registration complete' }, SLOW)).toBeInTheDocument();
    expect(api.joinEnterprise).toHaveBeenCalledWith({ referralId: 'ref-1', ticket: 'tic-1' });
    expect(await screen.findByText('Green Demo Ltd', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter the company' })).toBeInTheDocument();
    expect(readToken()).toBe('tok-new');
  });

  it('tells a person who is already a member to sign in instead', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: true });

    expect(
      await screen.findByRole('heading', { name: 'You are already a member of this company' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(api.joinEnterprise).not.toHaveBeenCalled();
  });

  it('goes back to an earlier step from the stepper, by keyboard too', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' }, SLOW)).toHaveFocus();

    const invitationStep = screen.getByRole('button', { name: /Invitation/ });
    invitationStep.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'You have been invited' }, SLOW)).toBeInTheDocument();
  });

  it('sends a link that went dead meanwhile to the invalid page', async () => {
    vi.mocked(api.joinEnterprise).mockRejectedValue(
      new ApiError(ErrorCode.RegistrationFailed, 'Registration failed', { status: 'used' }),
    );
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the company' }, SLOW));

    expect(await screen.findByText('invalid link page', {}, SLOW)).toBeInTheDocument();
  });

  it('sends a phone whose code ticket ran out back to step 2, and one that got an account meanwhile to the join step', async () => {
    vi.mocked(api.signUpMember)
      .mockRejectedValueOnce(new ApiError(ErrorCode.CodeInvalid, 'Invalid verification code'))
      .mockRejectedValueOnce(new ApiError(ErrorCode.PhoneSignedUp, 'This phone number has already signed up'));
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: false, joined: false });

    async function submitAccount() {
      await fill(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'Li Lei');
      await fill(screen.getByLabelText('Password'), 'Fresh2026pass');
      await fill(screen.getByLabelText('Confirm password'), 'Fresh2026pass');
      await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    }
    await submitAccount();
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('13800138000');

    await fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await submitAccount();
    expect(await screen.findByRole('heading', { name: 'Confirm joining the company' }, SLOW)).toBeInTheDocument();
  });

  it('sends a used link, or none, to the invalid page', async () => {
    vi.mocked(api.fetchReferralInfo).mockResolvedValue({ status: 'used' });
    const used = renderFlow('/register-common-ordinary?referralId=ref-1');
    expect(await screen.findByText('invalid link page', {}, SLOW)).toBeInTheDocument();
    used.unmount();

    renderFlow('/register-owner-enterprise');
    expect(await screen.findByText('invalid link page', {}, SLOW)).toBeInTheDocument();
  });

  it('moves a link opened on another kind of page to its own page', async () => {
    const { router } = renderFlow('/register-owner-enterprise?referralId=ref-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register-common-ordinary'));
    expect(router.state.location.search).toBe('?referralId=ref-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company member registration' }, SLOW),
    ).toBeInTheDocument();
  });

  it('offers another try when the invitation cannot be loaded', async () => {
    vi.mocked(api.fetchReferralInfo).mockRejectedValueOnce(new ApiError(null, 'Network Error'));
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, SLOW));

    expect(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW)).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { pathOf } from '@portal/shared/api/contract/define';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import type { ReferralInfo } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { readToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { type Answer, fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { RegisterCommonOrdinaryPage } from './register-common-page';
import { RegisterOwnerPage } from './register-owner-page';

/** The link every test opens, `ref-1`: its info is read at its own path. */
const REFERRAL = `GET ${pathOf(registrationCalls.referralInfo, { id: 'ref-1' })}`;
const CHECK_CODE = routeOf(codeCalls.checkPhoneCode);
const SIGN_UP_CHECK = routeOf(registrationCalls.signUpCheck);
const BIND = routeOf(registrationCalls.bindEnterprise);
const MEMBER_SIGN_UP = routeOf(registrationCalls.memberSignUp);
const OWNER_SIGN_UP = routeOf(registrationCalls.ownerSignUp);
const FIRST_17 = '91110000MA0000001';
const CREDIT_CODE = FIRST_17 + creditCodeCheckChar(FIRST_17);

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

let api: ReturnType<typeof fakeApi>;

/** Steps 1 and 2 with a phone whose check answers `check`. */
async function throughPhoneStep(check: { registered: boolean; joined: boolean }) {
  api.routes[SIGN_UP_CHECK] = ok(check);
  await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW));
  await fill(screen.getByRole('textbox', { name: 'Phone number' }), '13800138000');
  await fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('invitation flow', () => {
  beforeEach(async () => {
    api = fakeApi({
      [REFERRAL]: ok(MEMBER_LINK),
      [CHECK_CODE]: ok({ ticket: 'tic-1', expiresAt: '2099-01-01T00:00:00Z' }),
      [BIND]: ok(RESULT),
      [MEMBER_SIGN_UP]: ok(RESULT),
    });
    window.sessionStorage.clear();
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    // the flows say every refusal in place: none is left to the toast
    expect(api.toasts).not.toHaveBeenCalled();
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

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
    expect(api.sent(REFERRAL)).toHaveLength(1);
  });

  it('lets a phone with an account join after a confirmation, and signs it in', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });

    expect(await screen.findByRole('heading', { name: 'Confirm joining the company' }, SLOW)).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 3 of 4: Confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Join the company' }));

    expect(await screen.findByRole('heading', { name: 'You joined Green Demo Ltd' }, SLOW)).toBeInTheDocument();
    expect(api.sent(BIND)).toEqual([{ referralId: 'ref-1', ticket: 'tic-1' }]);
    // every step done, the last one included
    expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
    // no step is left to come back to
    expect(window.sessionStorage.getItem('registration:ref-1')).toBeNull();
    expect(await screen.findByText('Green Demo Ltd', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter the company' })).toBeInTheDocument();
    expect(readToken()).toBe('tok-new');
  });

  it('shows the finished registration again after a reload or Back, not the used link', async () => {
    const first = renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the company' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'You joined Green Demo Ltd' }, SLOW)).toBeInTheDocument();
    const here = first.router.state.location;
    first.unmount();

    // the link is used now
    api.routes[REFERRAL] = ok({ status: 'used' });
    const reloaded = renderFlow(here.pathname + here.search);
    expect(await screen.findByRole('heading', { name: 'You joined Green Demo Ltd' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter the company' })).toBeInTheDocument();
    expect(screen.queryByText('invalid link page')).not.toBeInTheDocument();
    await reloaded.router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'You joined Green Demo Ltd' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('invalid link page')).not.toBeInTheDocument();
  });

  it('tells a new account that its email is unproven, and where to prove it', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: false, joined: false });
    await fill(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'Li Lei');
    await fill(screen.getByLabelText('Password'), 'Fresh2026pass');
    await fill(screen.getByLabelText('Confirm password'), 'Fresh2026pass');
    await fill(screen.getByRole('textbox', { name: /Email/ }), 'li.lei@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));

    expect(await screen.findByRole('heading', { name: 'Registration complete' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Your email li\.lei@example\.com is not verified yet/)).toHaveTextContent(
      'Verify it in the personal center',
    );
  });

  it('asks an account with two-step sign-in for its code, and joins with it in the same request', async () => {
    // the server writes nothing on the phone's code alone: 1009160 until the code of the app comes along
    api.routes[BIND] = (body) =>
      (body as { twoStepCode?: string }).twoStepCode === '654321' ? ok(RESULT) : fail(ErrorCode.TwoStepCodeInvalid);
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the company' }, SLOW));

    const code = await screen.findByRole('textbox', { name: 'Code or recovery code' }, SLOW);
    expect(screen.getByText(/The account of this phone has two-step sign-in/)).toBeInTheDocument();
    // asked, not yet wrong: no error under the field, and nothing to send until a code is typed
    expect(screen.queryByText('Wrong two-step code, please try again')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the company' })).toBeDisabled();

    await fill(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Join the company' }));
    expect(await screen.findByText('Wrong two-step code, please try again', {}, SLOW)).toBeInTheDocument();
    expect(readToken()).not.toBe('tok-new');

    await userEvent.clear(code);
    await fill(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Join the company' }));
    expect(await screen.findByRole('heading', { name: 'You joined Green Demo Ltd' }, SLOW)).toBeInTheDocument();
    expect(readToken()).toBe('tok-new');
    expect(api.sent(BIND)).toEqual([
      { referralId: 'ref-1', ticket: 'tic-1' },
      { referralId: 'ref-1', ticket: 'tic-1', twoStepCode: '111111' },
      { referralId: 'ref-1', ticket: 'tic-1', twoStepCode: '654321' },
    ]);
  });

  it('tells a person who is already a member to sign in instead', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: true });

    expect(
      await screen.findByRole('heading', { name: 'You are already a member of this company' }, SLOW),
    ).toBeInTheDocument();
    // nothing is left to do, so the stepper is at its end
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 4 of 4: Done');
    expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(api.sent(BIND)).toEqual([]);
  });

  it('tells the person who joined through the used link, signed in, that they are in', async () => {
    // another tab: nothing of the flow in this one, and the server knows the session joined through the link
    api.routes[REFERRAL] = ok({
      status: 'used',
      joined: { enterpriseName: 'Green Demo Ltd', enterpriseDomain: 'demo' },
    } satisfies ReferralInfo);
    renderFlow('/register-common-ordinary?referralId=ref-1');

    expect(
      await screen.findByRole('heading', { name: 'You have already joined Green Demo Ltd' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the portal' })).toBeInTheDocument();
    expect(screen.queryByText('invalid link page')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 4 of 4');
    expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
  });

  it('shows the company domain, the one the portal made up as well as one the person chose', async () => {
    api.routes[REFERRAL] = ok({ ...MEMBER_LINK, kind: 'owner' });
    const generated = { ...RESULT, enterpriseName: 'New Co Ltd', enterpriseDomain: 'exyv83e3jem' };
    api.routes[OWNER_SIGN_UP] = (body) => {
      const { domain } = (body as { enterprise: { domain?: string } }).enterprise;
      return ok(domain ? { ...generated, enterpriseDomain: domain } : generated);
    };

    async function register(domain: string) {
      const flow = renderFlow('/register-owner-enterprise?referralId=ref-1');
      await throughPhoneStep({ registered: false, joined: false });
      await fill(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'Li Lei');
      await fill(screen.getByLabelText('Password'), 'Fresh2026pass');
      await fill(screen.getByLabelText('Confirm password'), 'Fresh2026pass');
      await fill(screen.getByRole('textbox', { name: 'Company abbreviation' }), 'NewCo');
      await fill(screen.getByRole('textbox', { name: 'Full company name' }), 'New Co Ltd');
      await fill(screen.getByRole('textbox', { name: 'Unified social credit code' }), CREDIT_CODE);
      if (domain) await fill(screen.getByRole('textbox', { name: 'Company domain (optional)' }), domain);
      await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
      expect(await screen.findByRole('heading', { name: 'Registration complete' }, SLOW)).toBeInTheDocument();
      return flow;
    }

    // left empty: the made-up domain is shown, as the same link opened again shows it
    const left = await register('');
    expect(screen.getByText('New Co Ltd')).toBeInTheDocument();
    expect(screen.getByText('Company domain')).toBeInTheDocument();
    expect(screen.getByText('exyv83e3jem')).toBeInTheDocument();
    left.unmount();
    window.sessionStorage.clear();

    await register('newco');
    expect(screen.getByText('newco')).toBeInTheDocument();
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
    api.routes[BIND] = fail(ErrorCode.RegistrationFailed, { status: 'used' });
    renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: true, joined: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the company' }, SLOW));

    expect(await screen.findByText('invalid link page', {}, SLOW)).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends a phone whose code ticket ran out back to step 2, and one that got an account meanwhile to the join step', async () => {
    const refusals: Answer[] = [fail(ErrorCode.CodeInvalid), fail(ErrorCode.PhoneSignedUp)];
    api.routes[MEMBER_SIGN_UP] = () => refusals.shift() ?? ok(RESULT);
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
    // why the person is back: said under the code field
    expect(await screen.findByText('Invalid verification code', {}, SLOW)).toBeInTheDocument();

    await fill(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await submitAccount();
    expect(await screen.findByRole('heading', { name: 'Confirm joining the company' }, SLOW)).toBeInTheDocument();
  });

  it('keeps the step and the checked phone through a reload, so no new code is needed', async () => {
    const first = renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: false, joined: false });
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toBeInTheDocument();
    const here = first.router.state.location;
    expect(here.search).toBe('?referralId=ref-1&step=account');
    first.unmount();

    renderFlow(here.pathname + here.search);
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Registration progress' })).toHaveTextContent('Step 3 of 4');
    expect(api.sent(CHECK_CODE)).toHaveLength(1);
  });

  it("moves between the steps with the browser's Back and Forward", async () => {
    const { router } = renderFlow('/register-common-ordinary?referralId=ref-1');
    await throughPhoneStep({ registered: false, joined: false });
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('13800138000');
    await router.navigate(-1);
    expect(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW)).toBeInTheDocument();

    await router.navigate(2);
    expect(await screen.findByRole('textbox', { name: 'Name' }, SLOW)).toBeInTheDocument();
    expect(api.sent(CHECK_CODE)).toHaveLength(1);
    expect(api.sent(REFERRAL)).toHaveLength(1);
  });

  it('asks for the phone again when a later step is opened without a checked one', async () => {
    renderFlow('/register-common-ordinary?referralId=ref-1&step=account');
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' }, SLOW)).toBeInTheDocument();
  });

  it('sends a used link, or none, to the invalid page, and forgets its progress', async () => {
    window.sessionStorage.setItem('registration:ref-1', JSON.stringify({ phone: '13800138000' }));
    api.routes[REFERRAL] = ok({ status: 'used' });
    const used = renderFlow('/register-common-ordinary?referralId=ref-1');
    expect(await screen.findByText('invalid link page', {}, SLOW)).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
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
    api.routes[REFERRAL] = fail(ErrorCode.ServiceUnavailable);
    renderFlow('/register-common-ordinary?referralId=ref-1');
    const again = await screen.findByRole('button', { name: 'Try again' }, SLOW);
    api.routes[REFERRAL] = ok(MEMBER_LINK);
    await userEvent.click(again);

    expect(await screen.findByRole('button', { name: 'Accept invitation' }, SLOW)).toBeInTheDocument();
  });
});

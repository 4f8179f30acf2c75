import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import type { InvitationKind } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { AccountStep } from './account-step';
import type { VerifiedPhone } from './verify-phone-step';

const ADMIN_SIGN_UP = routeOf(registrationCalls.adminSignUp);
const OWNER_SIGN_UP = routeOf(registrationCalls.ownerSignUp);
const MEMBER_SIGN_UP = routeOf(registrationCalls.memberSignUp);

/** Types the text as one paste: antd re-validates on every keystroke, which is slow and tells nothing here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** This suite runs beside others on a small machine: a screen may take more than the default second. */
const SLOW = { timeout: 5000 };

const RESULT = { token: 'tok', enterpriseId: 9, enterpriseName: 'New Co Ltd', enterpriseDomain: 'newco' };
const FIRST_17 = '91330106MA2B3C4D5';
const CREDIT_CODE = FIRST_17 + creditCodeCheckChar(FIRST_17);
/** Well formed, but the check character is wrong. */
const BAD_CREDIT_CODE = FIRST_17 + (CREDIT_CODE.endsWith('0') ? '1' : '0');

function renderStep(kind: InvitationKind, verified: Partial<VerifiedPhone> = {}) {
  const onRegistered = vi.fn();
  const onLinkDead = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <AccountStep
            kind={kind}
            referralId="ref-1"
            verified={{ phone: '13800138000', ticket: 'tic-1', registered: false, joined: false, ...verified }}
            onRegistered={onRegistered}
            rejections={{ [ErrorCode.RegistrationFailed]: onLinkDead }}
          />
        ),
      },
    ],
    '/',
  );
  return { onRegistered, onLinkDead };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));

describe('account and company form', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [ADMIN_SIGN_UP]: ok(RESULT), [OWNER_SIGN_UP]: ok(RESULT), [MEMBER_SIGN_UP]: ok(RESULT) });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for every required field of an administrator registration', async () => {
    renderStep('admin');
    await submit();

    expect(await screen.findByText('Please enter your name', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter password', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please confirm password', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter the company abbreviation', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter the full company name', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Please enter the unified social credit code', {}, SLOW)).toBeInTheDocument();
    expect(field('Unified social credit code')).toHaveAttribute('aria-invalid', 'true');
    // optional: no message for an empty email or domain
    expect(field('Email (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Company domain (optional)')).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByText('It cannot be modified after registration. Please check it carefully.'),
    ).toBeInTheDocument();
    expect(api.sent(ADMIN_SIGN_UP)).toEqual([]);
  });

  it('checks the password rule and that the confirmation matches', async () => {
    renderStep('member');
    await fill(screen.getByLabelText('Password'), 'short');
    await fill(screen.getByLabelText('Confirm password'), 'different');
    await submit();

    expect(
      await screen.findByText(
        'Password must be 8-20 characters long, with uppercase and lowercase letters and numbers',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please make sure the passwords match', {}, SLOW)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Password'));
    await fill(screen.getByLabelText('Password'), 'different');
    await waitFor(() => expect(screen.queryByText('Please make sure the passwords match')).not.toBeInTheDocument());
  });

  it('checks the name length, email format and the company field limits', async () => {
    renderStep('owner');
    await fill(field('Name'), '张'.repeat(26));
    await fill(field('Email (optional)'), 'not-an-email');
    await fill(field('Company abbreviation'), 'A');
    await fill(field('Full company name'), 'F'.repeat(31));
    await fill(field('Unified social credit code'), BAD_CREDIT_CODE);
    await fill(field('Company domain (optional)'), '9x');
    await submit();

    expect(
      await screen.findByText('Name can be at most 50 characters (a Chinese character counts as two)', {}, SLOW),
    ).toBeInTheDocument();
    expect(await screen.findByText('Invalid email format', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('The company abbreviation must be 2-20 characters', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('At most 30 characters', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('The unified social credit code is not correct', {}, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText('The domain starts with a lower-case letter and has 3-30 lower-case letters, digits or hyphens'),
    ).toBeInTheDocument();
    // the limits are on screen as counters, not silently cut off
    expect(await screen.findByText('31 / 30', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('1 / 20', {}, SLOW)).toBeInTheDocument();
    expect(api.sent(OWNER_SIGN_UP)).toEqual([]);
  });

  it('a member link asks for the account only', async () => {
    const { onRegistered } = renderStep('member');
    expect(screen.queryByRole('textbox', { name: 'Company abbreviation' })).not.toBeInTheDocument();

    await fill(field('Name'), ' Li Lei ');
    await fill(screen.getByLabelText('Password'), 'Fresh2026pass');
    await fill(screen.getByLabelText('Confirm password'), 'Fresh2026pass');
    await submit();

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(RESULT, { email: undefined }));
    expect(api.sent(MEMBER_SIGN_UP)).toEqual([
      {
        referralId: 'ref-1',
        ticket: 'tic-1',
        nickname: 'Li Lei',
        password: 'Fresh2026pass',
        confirmPassword: 'Fresh2026pass',
      },
    ]);
  });

  it('a phone with an account only fills in the company, in capitals, and keeps its account', async () => {
    const { onRegistered } = renderStep('admin', { registered: true });
    expect(screen.getByRole('heading', { name: 'Enter your company details' })).toBeInTheDocument();
    expect(await screen.findByText(/13800138000 already has a platform account/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await fill(field('Company abbreviation'), 'NewCo');
    await fill(field('Full company name'), 'New Co Ltd');
    await fill(field('Unified social credit code'), CREDIT_CODE.toLowerCase());
    expect(field('Unified social credit code')).toHaveValue(CREDIT_CODE);
    await submit();

    // no domain given: the server picks one
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(RESULT, { email: undefined }));
    const [body] = api.sent(ADMIN_SIGN_UP) as { password: string; confirmPassword: string }[];
    expect(body).toMatchObject({
      referralId: 'ref-1',
      ticket: 'tic-1',
      nickname: '13800138000',
      enterprise: { abbreviation: 'NewCo', fullName: 'New Co Ltd', creditCode: CREDIT_CODE },
    });
    expect(body).not.toHaveProperty('enterprise.domain');
    expect(body!.password).toBe(body!.confirmPassword);
    expect(body!.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,20}$/);
  });

  it('marks the required fields, not the optional ones', () => {
    renderStep('admin');
    const label = (name: string) => screen.getByText(name, { selector: 'label' });
    for (const name of [
      'Name',
      'Password',
      'Confirm password',
      'Company abbreviation',
      'Full company name',
      'Unified social credit code',
    ]) {
      expect(label(name)).toHaveClass('ant-form-item-required');
    }
    expect(label('Email (optional)')).not.toHaveClass('ant-form-item-required');
    expect(label('Company domain (optional)')).not.toHaveClass('ant-form-item-required');
  });

  it('shows a taken company name at its field, and only there', async () => {
    api.routes[ADMIN_SIGN_UP] = fail(ErrorCode.AbbreviationExists);
    const { onLinkDead } = renderStep('admin', { registered: true });
    await fill(field('Company abbreviation'), 'Taken');
    await fill(field('Full company name'), 'Taken Ltd');
    await fill(field('Unified social credit code'), CREDIT_CODE);
    await submit();

    expect(await screen.findByText('Company abbreviation already exists', {}, SLOW)).toBeInTheDocument();
    expect(onLinkDead).not.toHaveBeenCalled();
    expect(api.toasts).not.toHaveBeenCalled();
    expect(field('Company abbreviation')).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh-CN');
    renderStep('admin');
    await userEvent.click(screen.getByRole('button', { name: '完成注册' }));

    expect(await screen.findByText('请输入姓名', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入密码', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请确认密码', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入企业简称', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入企业全称', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('请输入统一社会信用代码', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('注册后不可修改，请仔细核对。', {}, SLOW)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import zh from '@portal/shared/locales/zh-CN/messages';
import { readEnterpriseId, readToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { testPersonalization, testPortalInfo, testUser } from '../../test/session-fixtures';
import { LoginPage } from './login-page';

const SIGN_IN = routeOf(signInCalls.login);
const SEND_SMS = routeOf(codeCalls.sendSms);
const SEND_EMAIL = routeOf(codeCalls.sendEmail);
const PORTAL_INFO = routeOf(portalCalls.portalInfo);
const CERTIFICATION = routeOf(personalCalls.certification);

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>home page</p> },
      { path: '/vertify-phone', element: <p>verify page</p> },
      { path: '/forget_password', element: <p>forgot page</p> },
    ],
    '/login',
  );
}

/** Types the text as one paste: antd re-validates on every keystroke, which is slow and tells nothing here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

/** Visited tabs stay in the DOM, hidden; only the visible panel's fields count. */
function panel() {
  return within(screen.getByRole('tabpanel'));
}

async function useCodeSignIn(label = 'Code sign-in') {
  await userEvent.click(panel().getByText(label));
}

let api: ReturnType<typeof fakeApi>;

/** The server signs the person in, and answers the calls of going on into the portal. */
function signedIn(productCount: number, user = testUser) {
  Object.assign(api.routes, {
    [SIGN_IN]: ok({ token: 'tok-1', expiresAt: '2099-01-01T00:00:00Z' }),
    [routeOf(signInCalls.currentUser)]: ok(user),
    [PORTAL_INFO]: ok(testPortalInfo(productCount, user)),
    [routeOf(brandingCalls.personalization)]: ok(testPersonalization),
  });
}

beforeEach(() => {
  api = fakeApi({});
});
afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('password sign-in', () => {
  it('asks for the account and the password in English', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Account');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter your account')).toBeInTheDocument();
    expect(screen.getByText('Please enter password')).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Account' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(SIGN_IN)).toEqual([]);
  });

  it('asks for the password alone once the account is filled', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Account');
    await fill(panel().getByRole('textbox', { name: 'Account' }), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter password')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your account')).not.toBeInTheDocument();
  });

  it('shows the messages in Chinese by default', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await openTab('账号');
    await userEvent.click(panel().getByRole('button', { name: '登录' }));
    expect(await panel().findByText('请输入账号')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('checks the phone and email formats', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await fill(await screen.findByRole('textbox', { name: 'Phone number' }), '12345');
    await fill(panel().getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();

    await openTab('Email');
    await fill(panel().getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(panel().getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(api.sent(SIGN_IN)).toEqual([]);
  });

  it('has no tab stop that does nothing: the panel is not one, the method radios are one named group', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Email');
    for (const tabPanel of screen.getAllByRole('tabpanel', { hidden: true })) {
      expect(tabPanel).toHaveAttribute('tabindex', '-1');
    }
    const methods = panel().getByRole('radiogroup', { name: 'Verification method' });
    expect(methods).toHaveAttribute('tabindex', '-1');
    const radios = within(methods).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(['sign-in-method-email', 'sign-in-method-email']);
  });

  it('moves between the tabs with the arrow keys, Home and End, and keeps what was typed in a tab left', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    const phone = await screen.findByRole('tab', { name: 'Phone' });
    expect(screen.getByRole('tablist', { name: 'Sign-in method' })).toBeInTheDocument();
    await fill(panel().getByRole('textbox', { name: 'Phone number' }), '13800138000');
    expect(phone).toHaveAttribute('aria-selected', 'true');
    // the selected tab is the one tab stop of the list
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    phone.focus();
    await userEvent.keyboard('{ArrowRight}');
    const email = screen.getByRole('tab', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Email' })).toBeVisible();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(phone).toHaveFocus();
    expect(panel().getByRole('textbox', { name: 'Phone number' })).toHaveValue('13800138000');
  });

  it('offers no code sign-in for an account', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Account');
    expect(panel().queryByRole('radiogroup', { name: 'Verification method' })).not.toBeInTheDocument();
  });

  it('signs in with the account and opens the only product in the same tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, hostname: 'localhost', protocol: 'http:' });
    signedIn(1);
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Account');
    await fill(panel().getByRole('textbox', { name: 'Account' }), 'admin');
    await fill(panel().getByLabelText('Password'), 'Portal2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cesuan?productId=6'));
    expect(api.sent(SIGN_IN)).toEqual([
      { loginType: 'password', identifierType: 'account', identifier: 'admin', password: 'Portal2026' },
    ]);
    expect(readToken()).toBe('tok-1');
    expect(readEnterpriseId()).toBe(7);
    expect(JSON.parse(window.localStorage.getItem('_userInfo')!)).toMatchObject({ account: 'admin' });
    expect(JSON.parse(window.localStorage.getItem('_enterpriseConfig')!)).toEqual(testPersonalization);
  });

  it('goes to the home page when the company has several products', async () => {
    signedIn(2);
    await i18n.changeLanguage('en-US');
    renderLogin();
    await fill(await screen.findByRole('textbox', { name: 'Phone number' }), '13800000000');
    await fill(panel().getByLabelText('Password'), 'Portal2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(document.title).toBe('Green Cloud');
  });
});

describe('code sign-in', () => {
  it('asks for the phone and the code in English', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await useCodeSignIn();
    await userEvent.click(panel().getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter your phone number')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(SIGN_IN)).toEqual([]);
  });

  it('checks the formats of the phone and of the code', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await useCodeSignIn();
    await fill(panel().getByRole('textbox', { name: 'Phone number' }), '12345');
    await fill(panel().getByRole('textbox', { name: 'Verification code' }), '12a');
    await userEvent.click(panel().getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(screen.getByText('The verification code is 6 digits')).toBeInTheDocument();
  });

  it('shows the messages in Chinese', async () => {
    renderLogin();
    await useCodeSignIn('验证码登录');
    await userEvent.click(panel().getByRole('button', { name: '登录' }));

    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
  });

  it('sends no code to a malformed phone', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await useCodeSignIn();
    await fill(panel().getByRole('textbox', { name: 'Phone number' }), '1380000');
    await userEvent.click(panel().getByRole('button', { name: 'Get code' }));

    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(api.sent(SEND_SMS)).toEqual([]);
  });

  it('sends a login code to the email and signs in with it', async () => {
    api.routes[SEND_EMAIL] = ok({ cooldownSeconds: 60 });
    signedIn(2);
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openTab('Email');
    await useCodeSignIn();
    await fill(panel().getByRole('textbox', { name: 'Email' }), ' Member@Example.com ');
    await userEvent.click(panel().getByRole('button', { name: 'Get code' }));

    expect(await panel().findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(api.sent(SEND_EMAIL)).toEqual([{ email: 'Member@Example.com', scene: 'login' }]);

    await fill(panel().getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(panel().getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.sent(SIGN_IN)).toEqual([
      { loginType: 'code', identifierType: 'email', identifier: 'Member@Example.com', code: '123456' },
    ]);
  });

  it('says a wrong code under the code field, and only there', async () => {
    api.routes[SEND_SMS] = ok({ cooldownSeconds: 60 });
    api.routes[SIGN_IN] = fail(ErrorCode.CodeInvalid);
    await i18n.changeLanguage('en-US');
    renderLogin();
    await useCodeSignIn();
    await fill(panel().getByRole('textbox', { name: 'Phone number' }), '13800000000');
    await userEvent.click(panel().getByRole('button', { name: 'Get code' }));
    // the code goes where it is typed next
    await waitFor(() => expect(panel().getByRole('textbox', { name: 'Verification code' })).toHaveFocus());

    await userEvent.paste('654321');
    await userEvent.click(panel().getByRole('button', { name: 'Sign in' }));
    expect(await panel().findByText('Invalid verification code')).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('keeps the chosen method when the tab changes', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await useCodeSignIn();
    await openTab('Email');
    expect(panel().getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });
});

describe('phone verification prompt after sign-in', () => {
  const uncertified = { ...testUser, phoneCertified: false };

  async function signInWithPhone() {
    await fill(await screen.findByRole('textbox', { name: 'Phone number' }), '13800000000');
    await fill(panel().getByLabelText('Password'), 'Portal2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('after the cut-off offers only to verify', async () => {
    signedIn(2, uncertified);
    api.routes[CERTIFICATION] = ok({ certified: false, phone: '13800000000', deadline: '2025-06-30' });
    await i18n.changeLanguage('en-US');
    renderLogin();
    await signInWithPhone();

    const prompt = await screen.findByRole('dialog');
    expect(within(prompt).getByText(/Since June 30, 2025, accounts without one/)).toBeInTheDocument();
    expect(within(prompt).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(api.sent(PORTAL_INFO)).toEqual([]);
  });

  it('before the cut-off can be skipped', async () => {
    signedIn(2, uncertified);
    api.routes[CERTIFICATION] = ok({ certified: false, phone: null, deadline: '2999-12-31' });
    await i18n.changeLanguage('en-US');
    renderLogin();
    await signInWithPhone();

    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});

describe('weight', () => {
  it('draws no antd component, whose theme would cost a phone hundreds of milliseconds while hydrating', async () => {
    const { container } = renderLogin();
    // every tab's panel and both methods' forms are drawn, the hidden ones too
    expect(await screen.findAllByRole('tabpanel', { hidden: true })).toHaveLength(3);
    expect(container.querySelectorAll('form')).toHaveLength(5);
    expect(screen.getByRole('combobox', { name: zh.web.language.label })).toBeInTheDocument();
    // antd's icons are plain SVGs in a span of class "anticon", drawn without antd's theme
    const antd = [...container.querySelectorAll('[class*="ant-"]')].filter((el) => !el.closest('.anticon'));
    expect(antd.map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class')}`)).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalInfo } from '@portal/shared/api/portal';
import { i18n } from '../../lib/i18n';
import { readEnterpriseId, readToken } from '../../lib/cookies';
import { renderRoutes } from '../../test/render-route';
import { LoginPage } from './login-page';

vi.mock('../session/session-api', () => ({
  login: vi.fn(),
  fetchPortalInfo: vi.fn(),
  logout: vi.fn(),
  enterEnterprise: vi.fn(),
}));
const sessionApi = await import('../session/session-api');

const user = {
  userId: 1,
  account: 'admin',
  nickname: 'Admin',
  phone: null,
  email: null,
  langCode: 'en-US',
  local: 'en_US',
  userType: 'investors',
  phoneCertified: true,
  hasPassword: true,
} as const;

function portalInfo(productCount: number): PortalInfo {
  return {
    enterpriseId: 7,
    userinfo: user,
    enterpriseProduct: [
      {
        enterpriseId: 7,
        enterpriseName: 'Green Demo Ltd',
        abbreviation: 'GreenDemo',
        domain: 'greendemo',
        role: 'admin',
        productList: [
          { id: 6, productCode: 'saas-es-actuary', name: 'ES Actuary', entryPath: '/cesuan' },
          { id: 1, productCode: 'esguard', name: 'Energy Storage Manager', entryPath: '/es' },
        ].slice(0, productCount),
      },
    ],
  };
}

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>home page</p> },
      { path: '/forget_password', element: <p>forgot page</p> },
    ],
    '/login',
  );
}

async function openAccountTab(tabName: string) {
  await userEvent.click(await screen.findByRole('tab', { name: tabName }));
}

/** Visited tabs stay in the DOM, hidden; only the visible panel's fields count. */
function panel() {
  return within(screen.getByRole('tabpanel'));
}

describe('sign-in form', () => {
  beforeEach(() => vi.mocked(sessionApi.login).mockReset());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for the account and the password in English', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openAccountTab('Account');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter your account')).toBeInTheDocument();
    expect(screen.getByText('Please enter password')).toBeInTheDocument();
    expect(panel().getByRole('textbox', { name: 'Account' })).toHaveAttribute('aria-invalid', 'true');
    expect(sessionApi.login).not.toHaveBeenCalled();
  });

  it('asks for the password alone once the account is filled', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openAccountTab('Account');
    await userEvent.type(panel().getByRole('textbox', { name: 'Account' }), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter password')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your account')).not.toBeInTheDocument();
  });

  it('shows the messages in Chinese by default', async () => {
    renderLogin();
    await openAccountTab('账号');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('checks the phone format on the phone tab', async () => {
    await i18n.changeLanguage('en-US');
    renderLogin();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '12345');
    await userEvent.type(panel().getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(sessionApi.login).not.toHaveBeenCalled();
  });

  it('signs in with the account and opens the only product in the same tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, hostname: 'localhost', protocol: 'http:' });
    vi.mocked(sessionApi.login).mockResolvedValue({ token: 'tok-1', expiresAt: '2099-01-01T00:00:00Z' });
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo(1));
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openAccountTab('Account');
    await userEvent.type(panel().getByRole('textbox', { name: 'Account' }), 'admin');
    await userEvent.type(panel().getByLabelText('Password'), 'Portal2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cesuan?productId=6'));
    expect(sessionApi.login).toHaveBeenCalledWith({
      loginType: 'password',
      identifierType: 'account',
      identifier: 'admin',
      password: 'Portal2026',
    });
    expect(readToken()).toBe('tok-1');
    expect(readEnterpriseId()).toBe(7);
    expect(JSON.parse(window.localStorage.getItem('_userInfo')!)).toMatchObject({ account: 'admin' });
  });

  it('goes to the home page when the company has several products', async () => {
    vi.mocked(sessionApi.login).mockResolvedValue({ token: 'tok-2', expiresAt: '2099-01-01T00:00:00Z' });
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo(2));
    await i18n.changeLanguage('en-US');
    renderLogin();
    await openAccountTab('Account');
    await userEvent.type(panel().getByRole('textbox', { name: 'Account' }), 'admin');
    await userEvent.type(panel().getByLabelText('Password'), 'Portal2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});

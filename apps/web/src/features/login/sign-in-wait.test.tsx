import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { LoginPage } from './login-page';

let api: ReturnType<typeof fakeApi>;

/** The server's sign-in wait, as it answers a try while the account waits. */
function waiting(retryAfterSeconds: number) {
  api = fakeApi({ [routeOf(signInCalls.login)]: fail(ErrorCode.TooManyAttempts, { retryAfterSeconds }) });
}

async function signIn(tab: string, account: string, password: string, submit: string) {
  renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
  await userEvent.click(await screen.findByRole('tab', { name: tab }));
  const panel = within(screen.getByRole('tabpanel'));
  await userEvent.click(panel.getByRole('textbox', { name: tab }));
  await userEvent.paste(account);
  await userEvent.click(panel.getByLabelText(/^(Password|密码)$/));
  await userEvent.paste(password);
  await userEvent.click(screen.getByRole('button', { name: submit }));
}

afterEach(async () => {
  api.restore();
  await i18n.changeLanguage('zh-CN');
});

describe('the sign-in wait', () => {
  it("says how long the server's wait is, rounded up to minutes", async () => {
    await i18n.changeLanguage('en-US');
    waiting(14 * 60 + 20);
    await signIn('Account', 'admin', 'Portal2026', 'Sign in');
    expect(await screen.findByText('Too many attempts, try again in 15 minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Too many attempts, please try again later')).not.toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('says a short wait in seconds, in the language of the page', async () => {
    waiting(1);
    await signIn('账号', 'admin', 'Portal2026', '登录');
    expect(await screen.findByText('尝试次数过多，请1 秒后再试。')).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });
});

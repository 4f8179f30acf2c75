import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { readToken, removeToken } from '../../lib/cookies';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-route';
import { TwoStepSignInPage } from './two-step-sign-in-page';

// going on into the portal is the sign-in's own, tested with it: here it lands on the home page
const enterPortal = vi.fn();
vi.mock('../../session/use-enter-portal', async () => {
  const { useNavigate } = await import('react-router');
  return {
    useEnterPortal: () => {
      const navigate = useNavigate();
      return async () => {
        enterPortal();
        await navigate('/home');
      };
    },
  };
});

/** Sets a field's value in one event: typing key by key through antd in jsdom is slow. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const SECOND_STEP = routeOf(signInCalls.loginTwoStep);
const TICKET = 'T'.repeat(43);

function renderPage(state: unknown = { ticket: TICKET }) {
  // from the sign-in page, as the password sign-in goes on with the ticket in the router's state
  const view = renderRoutes(
    [
      { path: '/login/two-step', element: <TwoStepSignInPage /> },
      { path: '/login', element: <p>sign-in page</p> },
      { path: '/home', element: <p>home page</p> },
    ],
    '/login',
  );
  void view.router.navigate('/login/two-step', { state });
  return view;
}

describe('the second step of a two-step sign-in', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    removeToken();
    enterPortal.mockClear();
    await i18n.changeLanguage('en-US');
    api = fakeApi({
      [SECOND_STEP]: ok({ token: 'S'.repeat(43), expiresAt: '2030-01-01T00:00:00.000Z' }),
    });
  });
  afterEach(async () => {
    api.restore();
    removeToken();
    await i18n.changeLanguage('zh-CN');
  });

  it('sends the ticket with the 6-digit code, keeps the session and goes on into the portal', async () => {
    renderPage();
    const code = await screen.findByRole('textbox', { name: 'Code' });
    fill(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(api.sent(SECOND_STEP)).toEqual([]);

    fill(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.sent(SECOND_STEP)).toEqual([{ ticket: TICKET, code: '123456' }]);
    expect(readToken()).toBe('S'.repeat(43));
    expect(enterPortal).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong code under the field', async () => {
    api.routes[SECOND_STEP] = fail(ErrorCode.TwoStepCodeInvalid);
    renderPage();
    fill(await screen.findByRole('textbox', { name: 'Code' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong two-step code, please try again')).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of the recovery codes you saved.')).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.sent(SECOND_STEP)).toEqual([{ ticket: TICKET, code: 'abcde-fghjk' }]);
  });

  it('goes back to sign-in when the ticket has expired', async () => {
    api.routes[SECOND_STEP] = fail(ErrorCode.TwoStepTicketInvalid);
    renderPage();
    fill(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(await screen.findByText('This sign-in has expired, please sign in again')).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('goes back to sign-in without a ticket (a reload, a direct visit)', async () => {
    renderRoutes(
      [
        { path: '/login/two-step', element: <TwoStepSignInPage /> },
        { path: '/login', element: <p>sign-in page</p> },
      ],
      '/login/two-step',
    );
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(api.sent(SECOND_STEP)).toEqual([]);
  });
});

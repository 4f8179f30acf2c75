import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { SecurityTab } from './security-tab';

const SAVE = routeOf(settingsCalls.saveSecurity);
const STATE = { requireTwoStep: false, members: 12, membersWithoutTwoStep: 5, administratorHasTwoStep: true };

describe('the settings centre security tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    api = fakeApi({ [routeOf(settingsCalls.security)]: ok(STATE), [SAVE]: ok() });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderTab = () => renderRoutes([{ path: '/settings', element: <SecurityTab /> }], '/settings');

  it('requires two-step sign-in only after a confirmation naming who it touches, and lets it go again', async () => {
    const user = userEvent.setup();
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for members' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Members without it are led to set it up at their next sign-in.');

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It applies to 12 members, you included. 5 of them have no two-step sign-in');
    expect(api.sent(SAVE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(SAVE)).toEqual([]);
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Require it' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.sent(SAVE)).toEqual([{ requireTwoStep: true }]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    // letting it go touches no one's sign-in: no confirmation
    await user.click(toggle);
    await waitFor(() => expect(api.sent(SAVE)).toEqual([{ requireTwoStep: true }, { requireTwoStep: false }]));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('keeps the switch off, with the reason and the way, for an administrator without two-step sign-in', async () => {
    api.routes[routeOf(settingsCalls.security)] = ok({ ...STATE, administratorHasTwoStep: false });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for members' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Turn on two-step sign-in for yourself first/);
    expect(screen.getByRole('link', { name: 'Set it up in the personal centre' })).toHaveAttribute('href', '/personal');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderTab();
    expect(await screen.findByRole('switch', { name: '要求成员开启两步登录' })).toBeInTheDocument();
  });
});

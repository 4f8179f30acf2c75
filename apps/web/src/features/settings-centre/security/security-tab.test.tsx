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

  it.each([
    [2, 1, 'en-US', 'It applies to 2 members, you included. 1 of them has no two-step sign-in and will have to'],
    [1, 1, 'en-US', 'It applies to 1 member, you included. 1 of them has no two-step sign-in'],
    [3, 0, 'en-US', 'It applies to 3 members, you included. All of them already have two-step sign-in.'],
    [2, 1, 'de-DE', 'Das betrifft 2 Mitglieder, Sie eingeschlossen. 1 davon hat keine Zwei-Schritt-Anmeldung'],
    [2, 1, 'es-ES', 'Afecta a 2 miembros, usted incluido. 1 de ellos no tiene el inicio de sesión en dos pasos'],
    [2, 1, 'it-IT', "Riguarda 2 membri, te compreso. 1 di loro non ha l'accesso in due passaggi"],
    [2, 1, 'zh-CN', '将影响 2 名成员（包括你）。其中 1 人尚未开启两步登录'],
    [2, 1, 'ja-JP', 'あなたを含む 2 人のメンバーに適用されます。そのうち2段階ログインを設定していない 1 人は'],
  ])(
    'the confirmation counts %i members, %i without two-step sign-in, in the right number (%s)',
    async (members, without, language, text) => {
      await i18n.changeLanguage(language);
      api.routes[routeOf(settingsCalls.security)] = ok({ ...STATE, members, membersWithoutTwoStep: without });
      renderTab();
      await userEvent.click(await screen.findByRole('switch'));
      expect(await screen.findByRole('dialog')).toHaveTextContent(text);
    },
  );

  it('keeps the switch off, with the reason and the way, for an administrator without two-step sign-in', async () => {
    api.routes[routeOf(settingsCalls.security)] = ok({ ...STATE, administratorHasTwoStep: false });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for members' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Turn on two-step sign-in for yourself first/);
    expect(screen.getByRole('link', { name: 'Set it up in the personal center' })).toHaveAttribute('href', '/personal');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderTab();
    expect(await screen.findByRole('switch', { name: '要求成员开启两步登录' })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@portal/shared/api/paths';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { SecurityTab } from './security-tab';

const SAVE = `POST ${apiPaths.saveSecurity}`;

describe('the settings centre security tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    api = fakeApi({ [`GET ${apiPaths.security}`]: ok({ requireTwoStep: false }), [SAVE]: ok() });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('requires two-step sign-in of the members with one switch, and lets it go again', async () => {
    renderRoutes([{ path: '/settings', element: <SecurityTab /> }], '/settings');
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for members' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Members without it are led to set it up at their next sign-in.');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.sent(SAVE)).toEqual([{ requireTwoStep: true }]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(api.sent(SAVE)).toEqual([{ requireTwoStep: true }, { requireTwoStep: false }]));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderRoutes([{ path: '/settings', element: <SecurityTab /> }], '/settings');
    expect(await screen.findByRole('switch', { name: '要求成员开启两步登录' })).toBeInTheDocument();
  });
});

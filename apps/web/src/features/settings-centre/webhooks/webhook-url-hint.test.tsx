import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { integrationCalls } from '@portal/shared/api/contract/integrations';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { portalInfo } from '../../../test/portal-info';
import { renderRoutes } from '../../../test/render-route';
import { WebhooksTab } from './webhooks-tab';

const en = MESSAGES['en-US'].integrations.webhooks;

describe("the webhook form's URL hint", () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  async function hintOf(production: boolean) {
    api = fakeApi({
      [routeOf(integrationCalls.webhooks)]: ok({ items: [] }),
      [routeOf(portalCalls.portalInfo)]: ok({ ...portalInfo('admin', ['settcntr']), production }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <WebhooksTab /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    return within(dialog).getByLabelText('Endpoint URL');
  }

  it('says plain http is taken too outside production, where a receiver on a laptop has it', async () => {
    await hintOf(false);
    expect(await screen.findByText(en.urlHintDevelopment)).toBeInTheDocument();
    expect(screen.queryByText(en.urlHint)).not.toBeInTheDocument();
  });

  it('asks for https in production', async () => {
    await hintOf(true);
    expect(await screen.findByText(en.urlHint)).toBeInTheDocument();
    expect(screen.queryByText(en.urlHintDevelopment)).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessRequestCalls } from '@portal/shared/api/contract/access-requests';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { AccessRequestCapControl } from './access-request-cap';

const CAP = routeOf(accessRequestCalls.accessRequestCap);
const SAVE = routeOf(accessRequestCalls.saveAccessRequestCap);

describe("the company's cap of access on request", () => {
  let api: ReturnType<typeof fakeApi>;
  let saved = 168;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
    saved = 168;
    api = fakeApi({
      [CAP]: () => ok({ capHours: saved }),
      [SAVE]: (body) => {
        saved = (body as { capHours: number }).capHours;
        return ok();
      },
    });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderControl = () => renderRoutes([{ path: '/', element: <AccessRequestCapControl /> }], '/');

  it('shows the cap in hours and days, saves a new one, and refuses one past 30 days before sending', async () => {
    const user = userEvent.setup();
    renderControl();
    const field = await screen.findByRole('spinbutton', { name: 'Hours' });
    expect(screen.getByRole('region', { name: 'Longest access on request' })).toBeInTheDocument();
    expect(field).toHaveValue('168');
    expect(screen.getByText('= 7 days')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '24');
    expect(await screen.findByText('= 1 day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(SAVE)).toEqual([{ capHours: 24 }]));
    expect(await screen.findByText('Saved: requests may ask for at most 24 h.')).toBeInTheDocument();

    // the field holds to the range: what is past it is brought back to 720, never sent
    await user.clear(field);
    await user.type(field, '1000');
    await user.tab();
    await waitFor(() => expect(field).toHaveValue('720'));
    expect(screen.getByText('= 30 days')).toBeInTheDocument();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a whole number of hours from 1 to 720 (30 days)')).toBeInTheDocument();
    expect(api.sent(SAVE)).toHaveLength(1);
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderControl();
    expect(await screen.findByRole('region', { name: '按申请访问的最长时长' })).toBeInTheDocument();
    expect(screen.getByText('= 7 天')).toBeInTheDocument();
  });

  it('says one day in German in the singular', async () => {
    await i18n.changeLanguage('de-DE');
    saved = 24;
    renderControl();
    expect(await screen.findByRole('region', { name: 'Längster Zugriff auf Anfrage' })).toBeInTheDocument();
    expect(await screen.findByText('= 1 Tag')).toBeInTheDocument();
  });
});

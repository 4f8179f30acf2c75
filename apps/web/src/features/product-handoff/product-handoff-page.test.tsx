import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-route';
import { portalInfo } from '../../test/portal-info';
import { ProductHandoffPage } from './product-handoff-page';

vi.mock('../../session/session-api', () => ({ fetchPortalInfo: vi.fn() }));
vi.mock('./handoff-api', () => ({ fetchCurrentUser: vi.fn() }));
const sessionApi = await import('../../session/session-api');
const handoffApi = await import('./handoff-api');

const en = MESSAGES['en-US'];

function renderHandoff() {
  return renderRoutes([{ path: '/es', element: <ProductHandoffPage code="esguard" /> }], '/es?productId=1');
}

describe('product hand-off page', () => {
  beforeEach(async () => {
    const info = portalInfo('member', ['esguard']);
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(info);
    vi.mocked(handoffApi.fetchCurrentUser).mockResolvedValue(info.userinfo);
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('shows the product, the company and the signed-in person, with a way home', async () => {
    renderHandoff();
    expect(await screen.findByRole('heading', { name: en.products.esguard.name })).toBeInTheDocument();
    expect(screen.getByText('Sun Energy Ltd')).toBeInTheDocument();
    expect(screen.getByTestId('handoff-user')).toHaveTextContent('Boss');
    expect(screen.getByText('boss')).toBeInTheDocument();
    expect(
      screen.getByText(en.settings.handoff.signedIn.replace('{{product}}', en.products.esguard.name)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.settings.handoff.backToHome })).toHaveAttribute('href', '/home');
  });

  it('says so when the company does not have the product', async () => {
    vi.mocked(sessionApi.fetchPortalInfo).mockResolvedValue(portalInfo('member', ['seop']));
    renderHandoff();
    expect(await screen.findByText(en.settings.handoff.notEntitled)).toBeInTheDocument();
  });
});

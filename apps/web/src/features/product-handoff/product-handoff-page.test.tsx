import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/shared/api/auth';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import type { PortalInfo } from '@portal/shared/api/portal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { paths } from '../../config/paths';
import { i18n } from '../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../test/fake-api';
import { portalInfo } from '../../test/portal-info';
import { renderRoutes } from '../../test/render-route';
import { ProductHandoffPage } from './product-handoff-page';

/** The two front calls a product makes; whatever else is asked never answers. */
function frontCalls(info: PortalInfo, user: CurrentUser | null = info.userinfo) {
  return {
    [routeOf(portalCalls.portalInfo)]: ok(info),
    [routeOf(signInCalls.currentUser)]: user ? ok(user) : fail(ErrorCode.Internal),
  };
}

const en = MESSAGES['en-US'];

function renderHandoff(url = '/es?productId=1') {
  return renderRoutes([{ path: '/es', element: <ProductHandoffPage code="esguard" /> }], url);
}

describe('product hand-off page', () => {
  let api: ReturnType<typeof fakeApi>;
  const serve = (...answers: Parameters<typeof frontCalls>) => Object.assign(api.routes, frontCalls(...answers));
  beforeEach(async () => {
    api = fakeApi(frontCalls(portalInfo('member', ['esguard'])));
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows the product, the company and the signed-in person, with a way home', async () => {
    renderHandoff();
    expect(await screen.findByRole('heading', { name: en.products.esguard.name })).toBeInTheDocument();
    expect(screen.getByText('Sun Energy Ltd')).toBeInTheDocument();
    expect(screen.getByTestId('handoff-user')).toHaveTextContent('Boss');
    expect(screen.getByText('boss')).toBeInTheDocument();
    expect(
      screen.getByText(en.settings.handoff.signedIn.replace('{{product}}', en.products.esguard.name)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.settings.handoff.backToHome })).toHaveAttribute('href', paths.home);
  });

  it('says so when the company does not have the product', async () => {
    serve(portalInfo('member', ['seop']));
    // the fixture numbers the company's products from 1, so this product's own id is another one
    renderHandoff('/es?productId=7');
    expect(await screen.findByText(en.settings.handoff.notEntitled)).toBeInTheDocument();
  });

  it.each([
    ['no such product', '/es?productId=999'],
    ["another product's id", '/es?productId=2'],
    ['no id', '/es'],
    ['an id that is no number', '/es?productId=abc'],
  ])('shows the not-found screen with a way home for %s', async (_case, url) => {
    serve(portalInfo('member', ['esguard', 'seop']));
    renderHandoff(url);
    expect(await screen.findByRole('heading', { name: en.web.notFound.title })).toBeInTheDocument();
    expect(
      screen.queryByText(en.settings.handoff.signedIn.replace('{{product}}', en.products.esguard.name)),
    ).toBeNull();
    expect(screen.getByRole('link', { name: en.web.notFound.goHome })).toHaveAttribute('href', paths.home);
  });

  it('says so when the session cannot be read, and leads home', async () => {
    serve(portalInfo('member', ['esguard']), null);
    renderHandoff();
    expect(await screen.findByText(en.settings.handoff.failed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.settings.handoff.backToHome })).toHaveAttribute('href', paths.home);
  });
});

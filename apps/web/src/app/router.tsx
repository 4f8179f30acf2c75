import { type LoaderFunctionArgs, type RouteObject, createBrowserRouter, redirect } from 'react-router';
import { QUERY_ARK_AUTH } from '@portal/shared/cookies';
import { PRODUCTS } from '@portal/shared/products';
import { PageLoading } from '../components/page-loading';
import { paths } from '../config/paths';
import { LoginPage } from '../features/login/login-page';
import { writeToken } from '../lib/cookies';
import { allTextsLoaded } from '../lib/language-packs';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-access';
import { RouteError } from './route-error';

/** `/` goes to sign-in with its query; a token handed over by another product is kept first. */
function rootRedirect({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  const handedOver = url.searchParams.get(QUERY_ARK_AUTH);
  if (handedOver) {
    writeToken(handedOver);
    // A credential has no business staying in the address bar or the history.
    url.searchParams.delete(QUERY_ARK_AUTH);
  }
  return redirect(`${paths.login}${url.search}`);
}

const handle = (name: string): RouteHandle => ({ name });

/**
 * A screen loaded on demand also waits for the rest of the page language's texts (the sign-in
 * screen comes with only its own), fetched alongside its code, so that no screen shows a key.
 */
function withAllTexts(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy, children } = route;
    const waiting =
      typeof lazy === 'function' ? { lazy: async () => (await Promise.all([lazy(), allTextsLoaded()]))[0] } : {};
    return { ...route, ...waiting, ...(children ? { children: withAllTexts(children) } : {}) } as RouteObject;
  });
}

export const routes: RouteObject[] = withAllTexts([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      // always redirects; the component only keeps react-router from warning about an empty leaf
      { index: true, loader: rootRedirect, Component: PageLoading },
      {
        id: 'login',
        path: paths.login,
        handle: handle('login'),
        // The first screen of most visits: part of the entry, so that it costs no second round of requests.
        Component: LoginPage,
      },
      {
        // Every screen but the sign-in screen draws antd's components: antd's theme comes with the
        // first of them, so that the sign-in screen neither loads nor runs it (components/antd-theme.tsx).
        lazy: async () => ({ Component: (await import('./antd-layout')).AntdLayout }),
        children: [
          {
            // a product's sign-in through the portal's OpenID provider; before sign-in, like the screens below
            path: paths.authorize,
            handle: handle('Authorize'),
            lazy: async () => ({ Component: (await import('../features/authorize/authorize-page')).AuthorizePage }),
          },
          {
            path: paths.twoStepSignIn,
            handle: handle('TwoStepSignIn'),
            lazy: async () => ({
              Component: (await import('../features/two-step-sign-in/two-step-sign-in-page')).TwoStepSignInPage,
            }),
          },
          {
            path: paths.twoStepSetup,
            handle: handle('TwoStepSetup'),
            lazy: async () => ({
              Component: (await import('../features/account-security/two-step/two-step-setup-page')).TwoStepSetupPage,
            }),
          },
          {
            path: paths.verifyPhone,
            handle: handle('VertifyPhone'),
            lazy: async () => ({
              Component: (await import('../features/phone-verify/verify-phone-page')).VerifyPhonePage,
            }),
          },
          {
            path: paths.registerInvalidity,
            handle: handle('RegisterInvalidity'),
            lazy: async () => ({
              Component: (await import('../features/registration/register-invalidity-page')).RegisterInvalidityPage,
            }),
          },
          {
            path: paths.registerAdmin,
            handle: handle('RegisterCommonAdmin'),
            lazy: async () => ({
              Component: (await import('../features/registration/register-common-page')).RegisterCommonAdminPage,
            }),
          },
          {
            path: paths.registerMember,
            handle: handle('RegisterCommonOrdinary'),
            lazy: async () => ({
              Component: (await import('../features/registration/register-common-page')).RegisterCommonOrdinaryPage,
            }),
          },
          {
            path: paths.registerOwner,
            handle: handle('RegisterOwnerEnterprise'),
            lazy: async () => ({
              Component: (await import('../features/registration/register-owner-page')).RegisterOwnerPage,
            }),
          },
          {
            path: paths.forgetPassword,
            handle: handle('ForgetPassword'),
            lazy: async () => ({
              Component: (await import('../features/password-reset/forget-password-page')).ForgetPasswordPage,
            }),
          },
          {
            id: 'NoAuth',
            path: paths.noAuth,
            handle: handle('NoAuth'),
            lazy: async () => ({ Component: (await import('../features/no-auth/no-auth-page')).NoAuthPage }),
          },
          {
            // The signed-in frame: sidebar, company switcher and user menu around home and personal centre.
            lazy: async () => ({ Component: (await import('./layouts/main-layout')).MainLayout }),
            children: [
              {
                path: paths.home,
                handle: handle('Home'),
                lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
              },
              {
                path: paths.personal,
                handle: handle('Personal'),
                lazy: async () => ({ Component: (await import('../features/personal/personal-page')).PersonalPage }),
              },
              {
                path: paths.siteAccess,
                handle: handle('SiteAccess'),
                lazy: async () => ({
                  Component: (await import('../features/site-access/site-access-page')).SiteAccessPage,
                }),
              },
            ],
          },
          {
            path: paths.settings,
            handle: handle('SettingsCentre'),
            lazy: async () => ({ Component: (await import('../features/settings-centre/settings-page')).SettingsPage }),
          },
          // every other product opens at its entry path; without a configured location, the hand-off page
          ...PRODUCTS.filter((p) => p.code !== 'settcntr').map((product): RouteObject => ({
            path: product.entryPath,
            handle: handle(`Product:${product.code}`),
            lazy: async () => {
              const { ProductHandoffPage } = await import('../features/product-handoff/product-handoff-page');
              return { Component: () => <ProductHandoffPage code={product.code} /> };
            },
          })),
          {
            path: '*',
            handle: handle('NotFound'),
            lazy: async () => ({ Component: (await import('../components/not-found-screen')).NotFoundScreen }),
          },
        ],
      },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}

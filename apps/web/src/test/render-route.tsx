import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
// From 'react-router' rather than 'react-router/dom': under Node the latter loads a second copy
// of the router's contexts.
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { useDocumentBranding } from '../app/use-document-branding';
import { AntdTheme } from '../components/antd-theme';

/**
 * What the app's root layout does for every screen (the document's title, icon and language), with
 * antd's theme, which the app's routes after the sign-in screen bring (app/router.tsx).
 */
function DocumentShell() {
  useDocumentBranding();
  return (
    <AntdTheme>
      <Outlet />
    </AntdTheme>
  );
}

/** Renders routes inside the real providers and document shell, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([{ Component: DocumentShell, children: routes }], { initialEntries: [path] });
  const view = render(
    <StyleProvider cache={createCache()} mock="server">
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router };
}

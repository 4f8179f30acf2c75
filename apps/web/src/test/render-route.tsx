import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
// From 'react-router' rather than 'react-router/dom': under Node the latter loads a second copy
// of the router's contexts.
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders routes inside the real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StyleProvider cache={createCache()} mock="server">
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router };
}

import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
// From 'react-router' rather than 'react-router/dom': under Node the latter loads a second copy
// of the router's contexts.
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Renders routes inside the real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A client of its own per test, so that no test sees another's cached answers.
  const view = render(
    <StyleProvider cache={createCache()} mock="server">
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router };
}

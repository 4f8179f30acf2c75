import { render } from '@testing-library/react';
// From 'react-router' rather than 'react-router/dom': under Node the latter loads a second copy
// of the router's contexts.
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders routes inside the real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

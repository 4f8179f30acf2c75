import { StrictMode, useEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';

/**
 * Settles once the router has the route of its location: a screen loaded on demand has arrived
 * (with the rest of the texts), so that the first render draws it rather than the loading screen.
 */
export function routeLoaded(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Runs once the tree is on screen: after hydration, when the page was prerendered. */
function AfterMount({ run }: { run: (() => void) | undefined }) {
  useEffect(() => run?.(), [run]);
  return null;
}

/**
 * The app as both the browser and the build's prerender draw it: hydration needs the two trees
 * identical, down to the ids React hands out by position.
 */
export function PortalApp({ router, onMounted }: { router: DataRouter; onMounted?: () => void }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
      <AfterMount run={onMounted} />
    </StrictMode>
  );
}

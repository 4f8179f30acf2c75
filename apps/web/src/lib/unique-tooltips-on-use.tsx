import { type PropsWithChildren, Suspense, lazy } from 'react';

const UniqueProvider = lazy(() => import('./unique-tooltips-provider'));

/**
 * antd's ConfigProvider imports the provider of its unique tooltips (`tooltip={{ unique: true }}`,
 * one popup moving from target to target) whether or not it is turned on, and with it the whole popup
 * machinery (@rc-component/trigger, 10 kB), before any popup shows. The build gives ConfigProvider this
 * one instead (vite.config.ts, `popupsOnUse`): the same provider, fetched when it is first drawn. The
 * portal does not turn unique tooltips on, so it never is; the popups it shows bring the machinery
 * with their own chunks.
 */
export default function UniqueTooltipsOnUse({ children }: PropsWithChildren) {
  return (
    <Suspense fallback={children}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}

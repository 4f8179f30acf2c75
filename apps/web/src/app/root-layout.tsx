import { Navigate, Outlet, useMatches, useNavigation } from 'react-router';
import { paths } from '../config/paths';
import { readToken } from '../lib/cookies';
import { readUserInfo } from '../lib/storage';
import { ApiBridge } from './api-bridge';
import styles from './root-layout.module.css';
import { isOpenRoute, routeName, waitsForTwoStepSetup } from './route-access';
import { useDocumentBranding } from './use-document-branding';

/**
 * The shell around every route: the sign-in guard, the api client's bridge, the document's title,
 * icon and language, and a loading bar.
 */
export function RootLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  // Here rather than above the router: a sign-in or sign-out is a navigation, which renders this
  // again, so the branding follows whether there is a session.
  useDocumentBranding();

  // Checked on every route change (matches change with the location), so a token removed by
  // another tab or product is noticed at the next navigation.
  if (!readToken() && !isOpenRoute(routeName(matches))) return <Navigate to={paths.login} replace />;
  // A company requires two-step sign-in and the person has not set it up: the set-up comes first.
  if (readToken() && readUserInfo()?.twoStepSetupRequired && waitsForTwoStepSetup(routeName(matches))) {
    return <Navigate to={paths.twoStepSetup} replace />;
  }

  return (
    <>
      <ApiBridge />
      {navigation.state === 'loading' ? <div className={styles.progress} role="progressbar" aria-busy="true" /> : null}
      <Outlet />
    </>
  );
}

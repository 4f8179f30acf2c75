/** What each route declares about itself; the guard reads it. */
export interface RouteHandle {
  name: string;
}

const OPEN_ROUTES = new Set(['login', 'Authorize', 'TwoStepSignIn', 'ForgetPassword', 'NoAuth', 'NotFound']);

/** Screens a signed-in person may reach while a company's requirement of two-step sign-in waits:
 *  the set-up itself and the phone verification that comes before it. */
const TWO_STEP_PENDING_ROUTES = new Set(['TwoStepSetup', 'VertifyPhone']);

/** Whether the router's guard holds this route until two-step sign-in is set up. */
export function waitsForTwoStepSetup(name: string | undefined): boolean {
  return !isOpenRoute(name) && !TWO_STEP_PENDING_ROUTES.has(name ?? '');
}

/** Screens reachable without a token: sign-in, recovery, error pages and every registration step. */
export function isOpenRoute(name: string | undefined): boolean {
  if (!name) return false;
  return name.includes('Register') || OPEN_ROUTES.has(name);
}

export function routeName(matches: readonly { handle: unknown }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<RouteHandle> | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return undefined;
}

/** What each route declares about itself; the guard reads it. */
export interface RouteHandle {
  name: string;
}

const OPEN_ROUTES = new Set(['login', 'ForgetPassword', 'NoAuth', 'NotFound']);

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

import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { DEVICE_ROUTES } from '../../src/libraries/openid/device-flow.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../../src/libraries/openid/provider.ts';

/** The OpenID provider's endpoints, which the API description lists beside the declared calls. */
export const PROVIDER_PATHS: string[] = [
  DISCOVERY_PATH,
  ...Object.values(OIDC_ROUTES),
  ...Object.values(DEVICE_ROUTES),
];

/**
 * The declared calls of the API description, one entry a method and path: the provider's endpoints
 * (documented, but served by the provider, on the issuer's address) are left out.
 */
export function declaredOperations<Operation>(document: {
  paths: Record<string, Record<string, Operation>>;
}): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths)
    .filter(([path]) => !PROVIDER_PATHS.includes(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
}

/** A declared call's path as the API description writes it: `{name}` for each `:name`. */
export function documentedPath(declaration: Pick<CallDeclaration, 'path'>): string {
  return declaration.path.replace(/:(\w+)/g, '{$1}');
}

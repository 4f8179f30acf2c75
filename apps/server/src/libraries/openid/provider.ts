/**
 * The OpenID provider's settings that the rest of the portal needs without loading the provider
 * itself (build-provider.ts, loaded on first use): its routes, scopes, lifetimes and products.
 */
import { PRODUCT_CODES, type ProductCode, isProductCode, productEntryPath } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';

/** The provider's endpoints sit under this prefix; discovery is at the issuer's `/.well-known/`. */
export const OIDC_PREFIX = '/oidc';

/** The device authorization grant (RFC 8628): here, apart from device-flow.ts, so that what registers
 *  a client (the command line) loads no oidc-provider, which warns at load on a Node that is not LTS. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** Where the provider's metadata is published: the issuer's own address of it (OpenID Connect Discovery 1.0). */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';

export const OIDC_ROUTES = {
  authorization: `${OIDC_PREFIX}/auth`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/me`,
  jwks: `${OIDC_PREFIX}/jwks`,
  end_session: `${OIDC_PREFIX}/session/end`,
  revocation: `${OIDC_PREFIX}/token/revocation`,
  introspection: `${OIDC_PREFIX}/token/introspection`,
} as const;

/** The endpoints a product's servers call (many people's tokens from one address, authenticated as
 *  the client or with a token), and the public key set and metadata they cache. */
const PRODUCT_SERVER_ROUTES = new Set<string>([
  OIDC_ROUTES.token,
  OIDC_ROUTES.userinfo,
  OIDC_ROUTES.jwks,
  OIDC_ROUTES.revocation,
  OIDC_ROUTES.introspection,
  DISCOVERY_PATH,
]);

/** Whether a request goes to an endpoint of products' servers: the per-address request rate, which
 *  fits a person's browser or an office, would cut off a product's whole user base behind one address. */
export function servesProductServers(url: string): boolean {
  // asked of every request, nearly all of them the portal's own: a prefix settles those
  if (!url.startsWith(OIDC_PREFIX) && !url.startsWith(DISCOVERY_PATH)) return false;
  const queryAt = url.indexOf('?');
  return PRODUCT_SERVER_ROUTES.has(queryAt === -1 ? url : url.slice(0, queryAt));
}

/** The claims of each scope; `company` carries the company a person chose for the product. */
export const CLAIMS = {
  // how and when the person proved it is them (step-up): in every ID token, for the product to check
  // `act` (RFC 8693) and its end in every ID token of the platform's support acting in a company
  openid: ['sub', 'auth_time', 'acr', 'amr', 'act', 'act_until'],
  profile: ['name', 'nickname', 'preferred_username', 'locale'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  company: ['company_id', 'company_name', 'company_role', 'product', 'sites', 'sites_truncated'],
};

export const TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  ClientCredentials: 3600,
  IdToken: 3600,
  Interaction: 3600,
  Grant: 14 * 86_400,
  RefreshToken: 14 * 86_400,
  Session: 14 * 86_400,
};
export const GRANT_TTL_MS = TTL.Grant * 1000;

/** A product's API as a resource indicator (RFC 8707): its address, as PRODUCT_URLS or the portal's
 *  entry path gives it. A token for it is a JWT whose audience is that address. */
export function productResource(ctx: AppContext, code: ProductCode): string {
  return ctx.config.productUrls[code] ?? `${ctx.config.publicUrl}${productEntryPath(code)}`;
}

export function productOfResource(ctx: AppContext, resource: string): ProductCode | undefined {
  const stripped = resource.replace(/\/$/, '');
  return PRODUCT_CODES.find((code) => productResource(ctx, code).replace(/\/$/, '') === stripped);
}

interface ClientWithMetadata {
  metadata(): Record<string, unknown>;
}

const METADATA = new WeakMap<ClientWithMetadata, Record<string, unknown>>();

/** A client's registered metadata, mapped once per instance: the library maps every property's name
 *  at each `metadata()`, and keeps one instance per stored registration across requests, so that
 *  userinfo, introspection and a refresh asked it several times a call for the same answer. */
export function clientMetadata(client: ClientWithMetadata): Record<string, unknown> {
  let metadata = METADATA.get(client);
  if (!metadata) METADATA.set(client, (metadata = client.metadata()));
  return metadata;
}

export function productOfClient(client: ClientWithMetadata | undefined): ProductCode | undefined {
  const code = client && clientMetadata(client).product_code;
  return isProductCode(code) ? code : undefined;
}

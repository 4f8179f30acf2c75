import type { AdapterPayload } from 'oidc-provider';
import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import { PRODUCT_CODES, type ProductCode, isProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import type { SigningAlg } from '../../db/schema.ts';
import { type ClientRow, findClient, insertClient, listClients, updateClient } from '../../queries/openid.ts';
import { hashSecret, newSecret, sameHash } from '../platform/secrets.ts';
import { DEVICE_CODE_GRANT, productOfResource, productResource } from './provider.ts';
import { SIGNING_ALGS } from './signing-keys.ts';

export class ClientError extends Error {}

export interface NewClient {
  productCode: string;
  /** `<product>-<environment>` by default, such as `esguard-production`. */
  clientId?: string;
  environment?: string;
  name?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
  firstParty: boolean;
  /** A public client (a single-page or mobile app) has no secret and proves itself with PKCE alone. */
  public?: boolean;
  /** `post` for libraries that send the secret in the body; `basic` (the header) by default. */
  secretIn?: 'basic' | 'post';
  /** The products' APIs the client may have access tokens for; its own product's when none is named. */
  resources?: string[];
  /** Device sign-in (RFC 8628): a screen without a keyboard signs a person in by a code. */
  device?: boolean;
  /** What its ID tokens are signed with: RS256 unless named. */
  idTokenAlg?: string;
}

export interface ClientView {
  clientId: string;
  productCode: ProductCode;
  name: string;
  public: boolean;
  authMethod: ClientRow['auth_method'];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  firstParty: boolean;
  disabled: boolean;
  /** The products' APIs it may have access tokens for (resource indicators). */
  resources: string[];
  /** Whether the operator set them (`--resource`), or they are the client's own product's API. */
  resourcesSet: boolean;
  device: boolean;
  idTokenAlg: SigningAlg;
}

/** The resources a client of `product` may ask for: the operator's list, else its own product's API. */
export function resourcesOfClient(ctx: AppContext, product: ProductCode, listed: unknown): string[] {
  return Array.isArray(listed) ? listed.map(String) : [productResource(ctx, product)];
}

/** What the provider knows of a client (its metadata); the secret is its hash, compared as a hash. */
export function clientMetadataOf(row: ClientRow): AdapterPayload {
  const confidential = row.auth_method !== 'none';
  const keyed = row.auth_method === 'private_key_jwt';
  const signsIn = row.redirect_uris !== '[]';
  return {
    client_id: row.client_id,
    client_name: row.name,
    ...(confidential && !keyed ? { client_secret: row.secret_hash ?? '' } : {}),
    ...(keyed && row.jwks ? { jwks: JSON.parse(row.jwks) as { keys: object[] } } : {}),
    token_endpoint_auth_method: row.auth_method,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    post_logout_redirect_uris: JSON.parse(row.post_logout_redirect_uris) as string[],
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
    // a client without a redirect URI (a gateway's own, sites/devices.ts) signs nobody in: client
    // credentials alone
    grant_types: signsIn
      ? [
          'authorization_code',
          'refresh_token',
          ...(confidential ? ['client_credentials'] : []),
          ...(row.device === 1 ? [DEVICE_CODE_GRANT] : []),
        ]
      : ['client_credentials'],
    response_types: signsIn ? ['code'] : [],
    // also the algorithm of its back-channel logout tokens, which the library signs as its ID tokens
    id_token_signed_response_alg: row.id_token_alg,
    product_code: row.product_code,
    first_party: row.first_party === 1,
    ...(row.resources === null ? {} : { resources: JSON.parse(row.resources) as string[] }),
  };
}

function viewOf(ctx: AppContext, row: ClientRow): ClientView {
  const listed = row.resources === null ? null : (JSON.parse(row.resources) as string[]);
  return {
    clientId: row.client_id,
    productCode: row.product_code,
    name: row.name,
    public: row.auth_method === 'none',
    authMethod: row.auth_method,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    postLogoutRedirectUris: JSON.parse(row.post_logout_redirect_uris) as string[],
    backchannelLogoutUri: row.backchannel_logout_uri,
    firstParty: row.first_party === 1,
    disabled: row.disabled_at !== null,
    resources: resourcesOfClient(ctx, row.product_code, listed),
    resourcesSet: listed !== null,
    device: row.device === 1,
    idTokenAlg: row.id_token_alg,
  };
}

/** The operator's choice of a client's ID token algorithm; none named is RS256. */
function checkIdTokenAlg(alg: string | undefined): SigningAlg {
  if (alg === undefined) return 'RS256';
  const known = SIGNING_ALGS.find((one) => one === alg);
  if (!known) throw new ClientError(`ID token algorithm must be ${SIGNING_ALGS.join(' or ')}, not ${alg}`);
  return known;
}

/** An absolute http(s) URI without a fragment; redirect URIs are then matched exactly. */
function checkUri(uri: string, what: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ClientError(`${what} is not an absolute URI: ${uri}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ClientError(`${what} must be http(s): ${uri}`);
  if (url.hash) throw new ClientError(`${what} may not have a fragment: ${uri}`);
  return uri;
}

/** The operator's list of a client's resources, each a product's API as the provider names it; none
 *  is stored as null, which leaves the client its own product's API. */
function checkResources(ctx: AppContext, resources: string[] | undefined): string | null {
  if (!resources?.length) return null;
  for (const resource of resources) {
    if (!productOfResource(ctx, checkUri(resource, 'resource'))) {
      const known = PRODUCT_CODES.map((code) => productResource(ctx, code)).join(' ');
      throw new ClientError(`resource ${resource} is no product's API; these are: ${known}`);
    }
  }
  return JSON.stringify([...new Set(resources)]);
}

/** Adds a client; the secret of a confidential one is returned here only, and stored as its hash. */
export async function addClient(
  ctx: AppContext,
  input: NewClient,
): Promise<{ client: ClientView; secret: string | null }> {
  if (!isProductCode(input.productCode)) throw new ClientError(`unknown product code: ${input.productCode}`);
  if (!input.redirectUris.length) throw new ClientError('a client needs at least one redirect URI');
  const environment = input.environment ?? 'production';
  const clientId = input.clientId ?? `${input.productCode}-${environment}`;
  if (!/^[A-Za-z0-9._-]{3,100}$/.test(clientId)) throw new ClientError(`client id must be 3-100 of A-Z a-z 0-9 . _ -`);
  if (await findClient(ctx.db, clientId)) throw new ClientError(`client ${clientId} exists already`);
  const secret = input.public ? null : newSecret(32);
  const now = ctx.now();
  await insertClient(ctx.db, {
    client_id: clientId,
    product_code: input.productCode,
    // the product's own name, as the portal shows it: what a person sees of a client that is given none
    name: input.name ?? translate(DEFAULT_LANGUAGE, `products.${input.productCode}.name`),
    secret_hash: secret && hashSecret(secret),
    auth_method: input.public ? 'none' : input.secretIn === 'post' ? 'client_secret_post' : 'client_secret_basic',
    redirect_uris: JSON.stringify(input.redirectUris.map((uri) => checkUri(uri, 'redirect URI'))),
    post_logout_redirect_uris: JSON.stringify(
      (input.postLogoutRedirectUris ?? []).map((uri) => checkUri(uri, 'post-logout redirect URI')),
    ),
    backchannel_logout_uri: input.backchannelLogoutUri
      ? checkUri(input.backchannelLogoutUri, 'back-channel logout URI')
      : null,
    first_party: input.firstParty ? 1 : 0,
    resources: checkResources(ctx, input.resources),
    device: input.device ? 1 : 0,
    id_token_alg: checkIdTokenAlg(input.idTokenAlg),
    disabled_at: null,
    created_at: now,
    updated_at: now,
  });
  return { client: viewOf(ctx, (await findClient(ctx.db, clientId))!), secret };
}

export async function listClientViews(ctx: AppContext): Promise<ClientView[]> {
  return (await listClients(ctx.db)).map((row) => viewOf(ctx, row));
}

/** The products' APIs a client may have access tokens for from now on; none gives it back its own
 *  product's. A token already issued for a resource taken off keeps its hour; a refresh gets no more. */
export async function setClientResources(ctx: AppContext, clientId: string, resources: string[]): Promise<ClientView> {
  if (!(await updateClient(ctx.db, clientId, { resources: checkResources(ctx, resources), updated_at: ctx.now() }))) {
    throw new ClientError(`unknown client: ${clientId}`);
  }
  return viewOf(ctx, (await findClient(ctx.db, clientId))!);
}

/** How long the old secret of a rotation is accepted beside the new one unless the operator says:
 *  a day, as a webhook endpoint's old signing secret, to roll a product's servers over one by one. */
export const CLIENT_SECRET_OVERLAP_DEFAULT_MS = 24 * 3_600_000;
/** The longest overlap: an old secret that may have leaked is not to live on for months. */
export const CLIENT_SECRET_OVERLAP_MAX_MS = 30 * 24 * 3_600_000;

export interface RotatedSecret {
  secret: string;
  /** Until when the old secret is still accepted; null when it stopped at once. */
  previousUntil: number | null;
}

/**
 * A new secret for a confidential client. The old one is accepted beside it until `previousUntil`
 * (at most CLIENT_SECRET_OVERLAP_MAX_MS ahead; now or before: it stops at once). Only one old secret is
 * kept: a second rotation inside the overlap ends the first old one and keeps the one it replaces.
 */
export async function rotateClientSecret(
  ctx: AppContext,
  clientId: string,
  previousUntil: number = ctx.now() + CLIENT_SECRET_OVERLAP_DEFAULT_MS,
): Promise<RotatedSecret> {
  const client = await findClient(ctx.db, clientId);
  if (!client) throw new ClientError(`unknown client: ${clientId}`);
  if (client.auth_method === 'none') throw new ClientError(`client ${clientId} is public: it has no secret`);
  const now = ctx.now();
  if (previousUntil > now + CLIENT_SECRET_OVERLAP_MAX_MS) {
    throw new ClientError(
      `the old secret may stay valid for ${CLIENT_SECRET_OVERLAP_MAX_MS / 86_400_000} days at most`,
    );
  }
  const overlap = previousUntil > now && client.secret_hash !== null;
  const secret = newSecret(32);
  await updateClient(ctx.db, clientId, {
    secret_hash: hashSecret(secret),
    previous_secret_hash: overlap ? client.secret_hash : null,
    previous_secret_until: overlap ? previousUntil : null,
    updated_at: now,
  });
  return { secret, previousUntil: overlap ? previousUntil : null };
}

/** Whether `presented` is the client's secret, or its old one during a rotation's overlap; both
 *  compared as hashes in constant time. */
export function clientSecretMatches(
  ctx: AppContext,
  client: Pick<ClientRow, 'secret_hash' | 'previous_secret_hash' | 'previous_secret_until'>,
  presented: string,
): boolean {
  const presentedHash = hashSecret(presented);
  const current = client.secret_hash !== null && sameHash(client.secret_hash, presentedHash);
  const previous =
    client.previous_secret_hash !== null &&
    client.previous_secret_until !== null &&
    client.previous_secret_until > ctx.now() &&
    sameHash(client.previous_secret_hash, presentedHash);
  return current || previous;
}

/** A disabled client is unknown to the provider: its sign-ins and token requests are refused. */
export async function disableClient(ctx: AppContext, clientId: string): Promise<void> {
  const now = ctx.now();
  if (!(await updateClient(ctx.db, clientId, { disabled_at: now, updated_at: now }))) {
    throw new ClientError(`unknown client: ${clientId}`);
  }
}

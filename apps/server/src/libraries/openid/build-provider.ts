import Provider, { type Account, type Configuration, type KoaContextWithOIDC, interactionPolicy } from 'oidc-provider';
import { AUTHORIZE_SCOPES, AUTHORIZE_SCREEN_PATH, INTERACTION_QUERY } from '@portal/shared/api/authorize';
import { INTERACTION_CALLS_PATH } from '@portal/shared/api/contract/authorize';
import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../queries/users.ts';
import { deviceTokenClaims } from '../sites/devices.ts';
import { clientRowOf, databaseAdapter } from './adapter.ts';
import { throttledSecretCheck } from './client-auth-throttle.ts';
import { clientSecretMatches } from './clients.ts';
import { companyClaims } from './company-claims.ts';
import { existingGrant } from './company-grant.ts';
import { DEVICE_CODE_TTL_S, DEVICE_ROUTES, SITE_PARAM, deviceFlowControls, deviceFlowFeature } from './device-flow.ts';
import { errorPage, signOutPage, signedOutPage } from './pages.ts';
import { bindToPortalSession, followedGrant, portalSessionCheck } from './portal-session.ts';
import { replaceClientSecretCheck } from './provider-internals.ts';
import { CLAIMS, OIDC_ROUTES, TTL, clientMetadata, productOfClient } from './provider.ts';
import { readOnce } from './request-reads.ts';
import { PRODUCT_SCOPE, checkResourceAccess } from './resource-access.ts';
import { type KeySet, SIGNING_ALGS } from './signing-keys.ts';
import { ACR_VALUES, stampRequestTime, twoFactorsCheck } from './step-up.ts';

/** The company claims of a grant for the client's product, read once in a request: a refresh puts
 *  them in its ID token and its access token. */
function claimsOfGrant(ctx: AppContext, grantId: string, product: ProductCode | undefined) {
  return readOnce(`claims:${grantId}:${product ?? ''}`, () => companyClaims(ctx, grantId, product));
}

/** The person behind `sub`, with the claims of the company their grant was made in. */
async function findAccount(
  ctx: AppContext,
  oidc: KoaContextWithOIDC,
  sub: string,
  token: { grantId?: string } | undefined,
): Promise<Account | undefined> {
  const user = await findUserById(ctx.db, Number(sub));
  if (!user || user.disabled) return undefined;
  const grantId = token?.grantId ?? oidc.oidc?.entities.Grant?.jti;
  return {
    accountId: sub,
    async claims() {
      const company = grantId ? ((await claimsOfGrant(ctx, grantId, productOfClient(oidc.oidc?.client))) ?? {}) : {};
      return {
        sub,
        name: user.nickname,
        nickname: user.nickname,
        ...(user.account ? { preferred_username: user.account } : {}),
        locale: user.lang_code,
        ...(user.email ? { email: user.email, email_verified: user.email_verified === 1 } : {}),
        ...(user.phone ? { phone_number: user.phone, phone_number_verified: user.phone_certified === 1 } : {}),
        ...company,
      };
    },
  };
}

/** The provider's configuration over the portal's database, keys and screens. */
export function createProvider(ctx: AppContext, keys: KeySet): Provider {
  const policy = interactionPolicy.base();
  const login = policy.get('login')!;
  login.checks.add(portalSessionCheck(ctx));
  login.checks.add(twoFactorsCheck);
  stampRequestTime(ctx, login);
  const configuration: Configuration = {
    adapter: databaseAdapter(ctx),
    jwks: { keys: keys.jwks },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, sameSite: 'lax' },
      // the interaction cookie goes with every call of the portal's screen (its path wins over the
      // library's, the screen's own): they act only on the interaction this browser started. The resume
      // cookie sets its own path after these options
      short: { signed: true, sameSite: 'lax', path: INTERACTION_CALLS_PATH },
    },
    routes: { ...OIDC_ROUTES, ...DEVICE_ROUTES },
    scopes: [...AUTHORIZE_SCOPES],
    acrValues: ACR_VALUES,
    claims: CLAIMS,
    // the ID token carries the claims of its scopes (the company above all), not only `sub`
    conformIdTokenClaims: false,
    extraParams: ['company_id', SITE_PARAM],
    extraClientMetadata: { properties: ['product_code', 'first_party', 'resources'] },
    responseTypes: ['code'],
    // private_key_jwt: a gateway that registered its own key (sites/devices.ts)
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    enabledJWA: {
      // each client's choice (`id_token_signed_response_alg`, clients.ts); the rest RS256 as before
      idTokenSigningAlgValues: [...SIGNING_ALGS],
      userinfoSigningAlgValues: ['RS256'],
      introspectionSigningAlgValues: ['RS256'],
      authorizationSigningAlgValues: ['RS256'],
    },
    pkce: { required: () => true },
    // the provider calls only the back-channel logout URIs an operator registered (`portal clients`),
    // often a product's server on the same private network: the library's guard against private and
    // loopback addresses, meant for URIs that anybody may register, would refuse every one of them
    fetch: (input, init) => {
      const { dispatcher: _guard, ...options } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(input, options);
    },
    ttl: {
      ...TTL,
      // the resource's lifetime (getResourceServerInfo below), which a device's site access shortens
      AccessToken: (_oidc, token) => token.resourceServer?.accessTokenTTL ?? TTL.AccessToken,
      DeviceCode: DEVICE_CODE_TTL_S,
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    // a grant says one company: a request naming another one (`company_id`) does not get it
    loadExistingGrant: async (oidc) => followedGrant(ctx, oidc, await existingGrant(ctx, oidc)),
    findAccount: (oidc, sub, token) => findAccount(ctx, oidc, sub, token as { grantId?: string } | undefined),
    extraTokenClaims: async (oidc, token) => {
      const grantId = (token as { grantId?: string }).grantId;
      const product = productOfClient(oidc.oidc.client);
      // a gateway's token names its site (sites/devices.ts)
      if (!grantId) {
        const device = await deviceTokenClaims(ctx, oidc.oidc.client?.clientId ?? '');
        return product ? { product, ...device } : device;
      }
      return claimsOfGrant(ctx, grantId, product);
    },
    clientBasedCORS: (_oidc, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    interactions: {
      policy,
      url: (_oidc, interaction) =>
        `${AUTHORIZE_SCREEN_PATH}?${INTERACTION_QUERY}=${encodeURIComponent(interaction.uid)}`,
    },
    features: {
      devInteractions: { enabled: false },
      // not served: discovery would name an endpoint that answers nothing
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // a product's server learns of its own tokens; a first-party product's server also of the tokens
        // other products present to its API. A public client (a browser or phone app) of none
        allowedPolicy: (_oidc, client, token) =>
          client.clientAuthMethod !== 'none' &&
          (token.clientId === client.clientId || clientMetadata(client).first_party === true),
      },
      clientCredentials: { enabled: true },
      // for the clients registered for it (device-flow.ts)
      deviceFlow: deviceFlowFeature(ctx),
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (oidc, form) => {
          oidc.body = signOutPage(oidc, form);
        },
        postLogoutSuccessSource: async (oidc) => {
          oidc.body = signedOutPage(oidc);
        },
      },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        defaultResource: () => undefined,
        // asked at the authorization endpoint, the token endpoint and every refresh: what the client
        // may have, with what consent, for which company (resource-access.ts)
        getResourceServerInfo: async (oidc, resource, client) => {
          const siteSeconds = await checkResourceAccess(ctx, oidc, resource, client);
          return {
            scope: PRODUCT_SCOPE,
            audience: resource,
            accessTokenFormat: 'jwt',
            // a device's token never outlives its person's access to the site
            accessTokenTTL: siteSeconds === null ? TTL.AccessToken : Math.min(TTL.AccessToken, siteSeconds),
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: async (oidc, out) => {
      oidc.type = 'html';
      oidc.body = errorPage(oidc, out);
    },
  };
  const provider = new Provider(ctx.config.oidcIssuer, configuration);
  // the host, protocol and address the portal hands over (routes/openid/provider-routes.ts): the
  // issuer's, and the client address Fastify read under TRUST_PROXY
  provider.proxy = true;
  // the stored secret is its SHA-256: the presented one is hashed the same way and compared in constant
  // time, under the limits of failed client authentication (client-auth-throttle.ts). The client's row
  // is read at the check, for the old secret a rotation keeps until its overlap ends
  replaceClientSecretCheck(provider, (client, presented, koa) =>
    throttledSecretCheck(
      ctx,
      client.clientId,
      koa?.ip ?? '',
      (seconds) => koa?.set('retry-after', String(seconds)),
      async () => {
        const row = await clientRowOf(ctx, client.clientId);
        return row !== undefined && clientSecretMatches(ctx, row, presented);
      },
    ),
  );
  bindToPortalSession(ctx, provider);
  provider.use(deviceFlowControls(ctx));
  return provider;
}

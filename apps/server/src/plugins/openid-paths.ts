import { DEVICE_ROUTES } from '../libraries/openid/device-flow.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../libraries/openid/provider.ts';

const SEE_DISCOVERY = `The full metadata (parameters, scopes, claims, algorithms) is the discovery document at \`${DISCOVERY_PATH}\`; docs/openid-provider.md of the repository says how the portal answers.`;

const json = (schemaName: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } },
});
const html = { 'text/html': { schema: { type: 'string' } } };
const redirect = (description: string) => ({
  description,
  headers: { location: { description: 'Where the browser goes next.', schema: { type: 'string', format: 'uri' } } },
});
const oauthError = (description: string) => ({ description, content: json('OAuthError') });
/** The limits of failed client authentication (docs/openid-provider.md#addresses-headers-and-limits). */
const clientAuthThrottled = {
  ...oauthError(
    '`invalid_client`: a wrong secret, after too many failed client authentications for this client from this address, or from this address, within the minute.',
  ),
  headers: { 'retry-after': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
};
/** The portal's per-address request rate, which the endpoints a browser reaches share with its calls. */
const throttled = {
  description: "1000429 in the portal's envelope: too many requests from this address within the minute.",
  headers: { 'retry-after': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'number', enum: [1000429] }, msg: { type: 'string' }, data: {} },
        required: ['code', 'msg', 'data'],
      },
    },
  },
};

const form = (properties: Record<string, string>, required: string[]) => ({
  required: true,
  content: {
    'application/x-www-form-urlencoded': {
      schema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(properties).map(([name, description]) => [name, { type: 'string', description }]),
        ),
        required,
      },
    },
  },
});

const TOKEN_FORM = form(
  {
    grant_type:
      '`authorization_code`, `refresh_token`, `client_credentials` or `urn:ietf:params:oauth:grant-type:device_code`',
    device_code: 'The device code of a device sign-in (device_code), polled no more often than its `interval`',
    code: 'The authorization code (authorization_code)',
    redirect_uri: 'The redirect URI of the authorization request, exactly (authorization_code)',
    code_verifier: 'The PKCE verifier of the code challenge (authorization_code)',
    refresh_token: 'The refresh token (refresh_token); it is rotated, and a used one revokes its grant',
    scope: 'The scopes wanted, within those granted',
    resource: "A product's API (RFC 8707): the access token is then a JWT with that audience",
    client_id: 'The client (client_secret_post, or a public client)',
    client_secret: 'The secret (client_secret_post)',
  },
  ['grant_type'],
);
const TOKEN_ONLY_FORM = form(
  {
    token: 'The access or refresh token',
    token_type_hint: '`access_token` or `refresh_token`',
    client_id: 'The client (client_secret_post)',
    client_secret: 'The secret (client_secret_post)',
  },
  ['token'],
);

/** A client authenticates at the token, revocation and introspection endpoints with its secret in
 *  the Authorization header (client_secret_basic) or in the form (client_secret_post: no header);
 *  a public client sends its client_id alone and proves itself with PKCE. */
const CLIENT_AUTHENTICATION: Record<string, string[]>[] = [{ clientSecretBasic: [] }, {}];

interface ProviderOperation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  requestBody?: object;
  responses: Record<string, object>;
}

function authorization(method: 'get' | 'post'): ProviderOperation {
  return {
    method,
    path: OIDC_ROUTES.authorization,
    operationId: `${method}OidcAuth`,
    summary: "A product's sign-in request (authorization code flow, PKCE S256 required)",
    description:
      "The browser comes here from a product with `response_type=code`, `client_id`, `redirect_uri` (matched exactly), `scope`, `state`, `nonce`, `code_challenge` and `code_challenge_method=S256`; `company_id` may name the company, `prompt=none` renews silently. It is sent to the portal's sign-in screen (`/authorize?interaction=...`) when the person must act, then back to the redirect URI with `code` and `state`, or with `error` (`access_denied` when the company has no right to the product, `login_required` for `prompt=none` without a session).",
    security: [],
    responses: {
      200: {
        description:
          'With `response_mode=form_post`: a page that posts `code` and `state` (or `error`) to the redirect URI.',
        content: html,
      },
      303: redirect("To the portal's screen of the sign-in, or back to the redirect URI with `code` or `error`."),
      400: {
        description: 'An unknown client or a redirect URI it does not have: an error page, no redirect.',
        content: html,
      },
      429: throttled,
    },
  };
}

function userinfo(method: 'get' | 'post'): ProviderOperation {
  return {
    method,
    path: OIDC_ROUTES.userinfo,
    operationId: `${method}OidcMe`,
    summary: 'The claims of the person an access token was issued for (UserInfo)',
    description:
      "The claims of the token's scopes: `profile`, `email`, `phone` and `company` (company_id, company_name, company_role, product).",
    security: [{ accessToken: [] }],
    responses: {
      200: { description: "The person's claims.", content: json('OpenIdClaims') },
      401: oauthError('`invalid_token`: no access token, or an expired or revoked one (also in WWW-Authenticate).'),
    },
  };
}

function endSession(method: 'get' | 'post'): ProviderOperation {
  return {
    method,
    path: OIDC_ROUTES.end_session,
    operationId: `${method}OidcSessionEnd`,
    summary: "A product's sign-out (RP-initiated logout); it signs the person out of the portal too",
    description:
      "With `id_token_hint`, `post_logout_redirect_uri` (one of the client's, exactly), `state` and `client_id`. The person confirms on a page of the portal; every product with a session of theirs gets a back-channel logout token, and the browser goes to the post-logout URI.",
    security: [],
    responses: {
      200: { description: 'The confirmation page, or the signed-out page without a post-logout URI.', content: html },
      303: redirect('To the post-logout redirect URI, with `state`.'),
      400: { description: 'An unknown post-logout URI or a bad `id_token_hint`: an error page.', content: html },
      429: throttled,
    },
  };
}

const OPERATIONS: ProviderOperation[] = [
  {
    method: 'get',
    path: DISCOVERY_PATH,
    operationId: 'getOpenidConfiguration',
    summary: "The provider's metadata (discovery): its issuer, endpoints, scopes, claims and keys",
    security: [],
    responses: { 200: { description: "The provider's metadata.", content: json('OpenIdMetadata') } },
  },
  {
    method: 'get',
    path: OIDC_ROUTES.jwks,
    operationId: 'getOidcJwks',
    summary: 'The public keys that verify ID tokens and JWT access tokens (JWKS)',
    description:
      'The key that signs, the next one (published a rotation ahead of its turn) and retired ones (until their tokens have expired). Cacheable for five minutes.',
    security: [],
    responses: {
      200: {
        description: 'The key set.',
        headers: { 'cache-control': { description: '`public, max-age=300`', schema: { type: 'string' } } },
        content: json('JsonWebKeySet'),
      },
    },
  },
  // the provider serves its sign-in and sign-out requests by GET alone: by POST they would need its
  // session cookie sent along with other sites' requests (SameSite=None), which the portal does not do
  authorization('get'),
  {
    method: 'post',
    path: OIDC_ROUTES.token,
    operationId: 'postOidcToken',
    summary: 'Tokens for an authorization code, a refresh token, or the client itself (client credentials)',
    security: CLIENT_AUTHENTICATION,
    requestBody: TOKEN_FORM,
    responses: {
      200: {
        description: 'The tokens: access, ID (code flow), refresh (with `offline_access`).',
        content: json('OpenIdTokens'),
      },
      400: oauthError(
        '`invalid_grant` (a used, expired or foreign code or refresh token, a wrong verifier), `invalid_request`, `invalid_target` or `invalid_scope`.',
      ),
      401: oauthError('`invalid_client`: an unknown or disabled client, or a wrong secret.'),
      429: clientAuthThrottled,
    },
  },
  userinfo('get'),
  userinfo('post'),
  endSession('get'),
  {
    method: 'post',
    path: OIDC_ROUTES.revocation,
    operationId: 'postOidcTokenRevocation',
    summary: 'Revokes an access or refresh token of the client (RFC 7009)',
    security: CLIENT_AUTHENTICATION,
    requestBody: TOKEN_ONLY_FORM,
    responses: {
      200: { description: 'Revoked, or already unknown: the answer is the same.' },
      400: oauthError('`invalid_request`: no token, or no client authentication.'),
      401: oauthError('`invalid_client`.'),
      429: clientAuthThrottled,
    },
  },
  {
    method: 'post',
    path: DEVICE_ROUTES.device_authorization,
    operationId: 'postOidcDeviceAuth',
    summary: 'A device asks for a code to sign a person in by (RFC 8628), for clients registered with `--device`',
    description:
      "With `client_id`, `scope`, `resource` (its product's API) and `site_id` (the site it acts on). The answer has `device_code`, `user_code`, `verification_uri(_complete)`, `expires_in` and `interval`; the device then polls the token endpoint, and polling sooner than `interval` is answered `slow_down` with a grown `interval`.",
    security: CLIENT_AUTHENTICATION,
    requestBody: form(
      {
        client_id: "The device's client",
        scope: 'The scopes wanted',
        resource: "A product's API (RFC 8707)",
        site_id: 'The site the device acts on (`site_...`)',
      },
      ['client_id'],
    ),
    responses: {
      200: { description: 'The codes, the addresses for the person and the polling interval.' },
      400: oauthError('`invalid_request`, `invalid_scope`, `invalid_target` or `unauthorized_client`.'),
      401: oauthError('`invalid_client`.'),
    },
  },
  ...(['get', 'post'] as const).map((method): ProviderOperation => ({
    method,
    path: DEVICE_ROUTES.code_verification,
    operationId: `${method}OidcDevice`,
    summary: "The person's page of a device sign-in: the code entry, the confirmation that names the site",
    security: [],
    responses: {
      200: { description: 'An HTML page.' },
      429: { description: 'Too many code entries from this address, or of this code: an HTML page.' },
    },
  })),
  {
    method: 'post',
    path: OIDC_ROUTES.introspection,
    operationId: 'postOidcTokenIntrospection',
    summary: "Whether a token is active, and what it carries (RFC 7662), for a product's API",
    description:
      "A product's server learns of its own tokens, and a first-party product's server also of the tokens other products present to its API; a token the client may not see is answered `active: false`.",
    security: CLIENT_AUTHENTICATION,
    requestBody: TOKEN_ONLY_FORM,
    responses: {
      200: {
        description: '`active`, and for an active token its client, subject, scope and expiry.',
        content: json('Introspection'),
      },
      400: oauthError('`invalid_request`: no token, or no client authentication.'),
      401: oauthError('`invalid_client`.'),
      429: clientAuthThrottled,
    },
  },
];

const openObject = (description: string, properties: Record<string, object> = {}) => ({
  type: 'object',
  description,
  properties,
  additionalProperties: true,
});

/** The schemas of the provider's answers, described by their standards rather than in full. */
export const OPENID_SCHEMAS = {
  OAuthError: {
    type: 'object',
    description: 'An OAuth 2.0 error (RFC 6749 §5.2).',
    properties: { error: { type: 'string' }, error_description: { type: 'string' } },
    required: ['error'],
  },
  OpenIdMetadata: openObject(`OpenID Connect Discovery 1.0 metadata. ${SEE_DISCOVERY}`, {
    issuer: { type: 'string', format: 'uri' },
  }),
  JsonWebKeySet: openObject('A JSON Web Key Set (RFC 7517): public keys only.', {
    keys: { type: 'array', items: { type: 'object' } },
  }),
  OpenIdTokens: openObject('A token response (RFC 6749 §5.1, OpenID Connect Core 1.0 §3.1.3.3).', {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    id_token: { type: 'string' },
    refresh_token: { type: 'string' },
    scope: { type: 'string' },
  }),
  OpenIdClaims: openObject("A person's claims (OpenID Connect Core 1.0 §5.1), with the company ones.", {
    sub: { type: 'string' },
    company_id: { type: 'string' },
    company_name: { type: 'string' },
    company_role: { type: 'string' },
    product: { type: 'string' },
  }),
  Introspection: openObject('An introspection answer (RFC 7662 §2.2).', { active: { type: 'boolean' } }),
};

export const OPENID_SECURITY_SCHEMES = {
  clientSecretBasic: {
    type: 'http',
    scheme: 'basic',
    description: "A client's id and secret (client_secret_basic); client_secret_post sends them in the form instead.",
  },
  accessToken: { type: 'http', scheme: 'bearer', description: 'An access token of the OpenID provider.' },
} as const;

/**
 * The provider's own endpoints as paths of the document. The provider is a Koa app behind one
 * catch-all route, so they are described here, under the `openid` tag and on the issuer's address,
 * each with a summary; the discovery document holds their full metadata.
 */
export function openidPaths(issuer: string): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, description, ...operation } of OPERATIONS) {
    paths[path] ??= {
      servers: [{ url: issuer, description: "The OpenID provider's issuer (`OIDC_ISSUER`, else `PUBLIC_URL`)" }],
    };
    paths[path][method] = {
      ...operation,
      tags: ['openid'],
      description: description ? `${description}\n\n${SEE_DISCOVERY}` : SEE_DISCOVERY,
      externalDocs: { description: 'The discovery document', url: `${issuer}${DISCOVERY_PATH}` },
    };
  }
  return paths;
}

import { type JWTPayload, createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { ProductConfig } from './config.ts';
import type { PendingSignIn, SignedIn } from './sessions.ts';

const SCOPE = 'openid profile company offline_access product';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The company claims the portal puts in the ID token and in the access token for a product's API. */
export interface ProductClaims extends JWTPayload {
  company_id?: string;
  company_name?: string;
  company_role?: string;
  product?: string;
}

/**
 * The portal as the product's OpenID provider: openid-client for the sign-in and sign-out, jose for
 * the tokens the product receives on its own (its API's access tokens and the logout tokens).
 * Discovery happens on first use and is tried again after a failure, so the product may start before
 * the portal does.
 */
export function connectPortal(settings: ProductConfig) {
  let discovered: Promise<oidc.Configuration> | undefined;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        // plain HTTP for a portal on the developer's machine only
        settings.issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function verifier() {
    const metadata = (await configuration()).serverMetadata();
    keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri!));
    return { keys, issuer: metadata.issuer };
  }

  /** The access side of a token answer; the portal rotates the refresh token at each use. */
  function accessOf(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessTokenExpiresAt: Date.now() + (tokens.expiresIn() ?? 0) * 1000,
    };
  }

  return {
    /** Where the browser goes to sign in: code flow with PKCE, state and nonce, for the product's API;
     *  `extra` parameters over these (a step-up's `prompt`, `max_age` and `acr_values`). */
    async signInUrl(pending: PendingSignIn, extra: Record<string, string> = {}): Promise<URL> {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        resource: settings.resource,
        // OpenID Connect grants offline_access (a refresh token) only with prompt=consent; the portal
        // asks nothing of a person already signed in for one of the platform's own products
        prompt: 'consent',
        ...extra,
      });
    },

    /** The portal's answer at /callback, its code exchanged with every check; an error answer
     *  (such as `access_denied`) throws oidc.AuthorizationResponseError. */
    async redeem(callback: URL, pending: PendingSignIn): Promise<SignedIn> {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      return {
        claims: { ...claims },
        idToken: tokens.id_token!,
        ...accessOf(tokens),
        sid: typeof claims.sid === 'string' ? claims.sid : undefined,
      };
    },

    /** New tokens for an expired access token, through the refresh token (scope offline_access). */
    async refresh(user: SignedIn & { refreshToken: string }): Promise<SignedIn> {
      const tokens = await oidc.refreshTokenGrant(await configuration(), user.refreshToken, {
        resource: settings.resource,
      });
      // the sign-in's claims and sid stay: they describe the same portal session
      return { ...user, ...accessOf(tokens), idToken: tokens.id_token ?? user.idToken };
    },

    /** The portal's sign-out, which comes back to the product's home page. */
    async signOutUrl(idToken: string): Promise<URL> {
      return oidc.buildEndSessionUrl(await configuration(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: settings.postLogoutRedirectUri,
      });
    },

    /**
     * An access token for the product's API: signed by the portal, for this API (RFC 9068), issued to a
     * client the API serves, for this product. The audience alone is not enough: the portal gives a
     * client a token for another product's API when the operator allows it, and such a token names that
     * client and its own product.
     */
    async verifyAccessToken(token: string): Promise<ProductClaims> {
      const { keys, issuer } = await verifier();
      const { payload } = await jwtVerify<ProductClaims>(token, keys, {
        issuer,
        audience: settings.resource,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'client_id'],
      });
      if (!settings.apiClients.includes(String(payload.client_id))) throw new Error('a client this API does not serve');
      if (payload.product !== settings.product) throw new Error("another product's token");
      return payload;
    },

    /** A logout token (OpenID Connect Back-Channel Logout 1.0, section 2.6); answers its `sid`. */
    async verifyLogoutToken(token: string): Promise<string> {
      const { keys, issuer } = await verifier();
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: settings.clientId,
        typ: 'logout+jwt',
        requiredClaims: ['iat', 'jti', 'events', 'sid'],
        maxTokenAge: '2 minutes',
      });
      const events = payload.events as Record<string, unknown> | undefined;
      if (typeof events?.[BACKCHANNEL_EVENT] !== 'object') throw new Error('not a back-channel logout event');
      if ('nonce' in payload) throw new Error('a logout token carries no nonce');
      if (typeof payload.sid !== 'string') throw new Error('no session id');
      return payload.sid;
    },
  };
}

export type Portal = ReturnType<typeof connectPortal>;

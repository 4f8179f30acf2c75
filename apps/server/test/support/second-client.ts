import * as oauth from 'oauth4webapi';

/** The provider under test listens on plain HTTP on the loopback interface; oauth4webapi refuses that
 *  unless told, request by request. */
const LOOPBACK = { [oauth.allowInsecureRequests]: true } as const;

/** What a product keeps of one sign-in until the browser comes back: the values it sent. */
export interface SentRequest {
  state: string;
  nonce: string;
  verifier: string;
}

/**
 * A product's relying party written with oauth4webapi, a second library beside openid-client: every
 * answer of the provider goes through oauth4webapi's own processing (its checks of the issuer, the
 * state, the ID token's claims and signature, the subject at userinfo, the shape of each response),
 * none of them written here.
 */
export class SecondClient {
  constructor(
    readonly as: oauth.AuthorizationServer,
    readonly client: oauth.Client,
    readonly auth: oauth.ClientAuth,
  ) {}

  /** The provider's metadata read from its discovery document at the issuer (or at one server of the
   *  installation, `from`: the issuer's address may be a balancer's), and the client's credentials. */
  static async discover(issuer: string, clientId: string, secret: string, from = issuer): Promise<SecondClient> {
    const response = await oauth.discoveryRequest(new URL(from), LOOPBACK);
    const as = await oauth.processDiscoveryResponse(new URL(issuer), response);
    return new SecondClient(as, { client_id: clientId }, oauth.ClientSecretBasic(secret));
  }

  /** The same client talking to one server of the installation (`baseUrl`): the issuer's paths at that
   *  address, as a balancer sends a request to one of its servers. */
  at(baseUrl: string): SecondClient {
    const moved: Record<string, unknown> = { ...this.as };
    for (const [name, value] of Object.entries(this.as)) {
      if ((name.endsWith('_endpoint') || name === 'jwks_uri') && typeof value === 'string') {
        const url = new URL(value);
        moved[name] = new URL(`${url.pathname}${url.search}`, baseUrl).href;
      }
    }
    return new SecondClient(moved as oauth.AuthorizationServer, this.client, this.auth);
  }

  /** A new authorization request's secrets: state, nonce and the PKCE verifier, with the S256 challenge. */
  static async newRequest(): Promise<SentRequest & { challenge: string }> {
    const verifier = oauth.generateRandomCodeVerifier();
    return {
      state: oauth.generateRandomState(),
      nonce: oauth.generateRandomNonce(),
      verifier,
      challenge: await oauth.calculatePKCECodeChallenge(verifier),
    };
  }

  /** The browser's return to the redirect URI, its code redeemed: the tokens, the ID token's claims
   *  checked against the request sent, and its signature against the issuer's published keys. */
  async redeem(callback: URL, sent: SentRequest, redirectUri: string) {
    const parameters = oauth.validateAuthResponse(this.as, this.client, callback, sent.state);
    const response = await oauth.authorizationCodeGrantRequest(
      this.as,
      this.client,
      this.auth,
      parameters,
      redirectUri,
      sent.verifier,
      LOOPBACK,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(this.as, this.client, response, {
      expectedNonce: sent.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(this.as, response, LOOPBACK);
    return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens)! };
  }

  /** A refresh: the new tokens, the new ID token's signature checked too. */
  async refresh(refreshToken: string) {
    const response = await oauth.refreshTokenGrantRequest(this.as, this.client, this.auth, refreshToken, LOOPBACK);
    const tokens = await oauth.processRefreshTokenResponse(this.as, this.client, response);
    if (tokens.id_token) await oauth.validateApplicationLevelSignature(this.as, response, LOOPBACK);
    return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens) };
  }

  async userinfo(accessToken: string, subject: string) {
    const response = await oauth.userInfoRequest(this.as, this.client, accessToken, LOOPBACK);
    return oauth.processUserInfoResponse(this.as, this.client, subject, response);
  }

  async introspect(token: string) {
    const response = await oauth.introspectionRequest(this.as, this.client, this.auth, token, LOOPBACK);
    return oauth.processIntrospectionResponse(this.as, this.client, response);
  }

  async revoke(token: string): Promise<void> {
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(this.as, this.client, this.auth, token, LOOPBACK),
    );
  }

  /** The product's "sign out": the end-session endpoint the discovery document names, with the ID token. */
  endSessionUrl(idToken: string, postLogoutRedirectUri: string, state: string): URL {
    const url = new URL(this.as.end_session_endpoint!);
    url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
    url.searchParams.set('state', state);
    return url;
  }
}

/** The OAuth error (`error` of RFC 6749 5.2) with which oauth4webapi rejected an answer; anything else is thrown on. */
export async function oauthErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error;
    throw error;
  }
  throw new Error('the request succeeded');
}

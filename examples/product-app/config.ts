/**
 * The sample product's settings, from the environment. The defaults match the demo client the
 * portal seeds (`npm run portal -- seed-demo`), so that `npm start` beside it needs none of them.
 */
export interface ProductConfig {
  /** The portal's issuer: its discovery document is at `/.well-known/openid-configuration`. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  port: number;
  /** Where the product is reached; its redirect, post-logout and back-channel addresses derive from it. */
  appUrl: URL;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** The product's API as a resource indicator: the access token is a JWT with this audience. */
  resource: string;
  /** The product's code in the portal: its API serves tokens whose `product` claim is this one. */
  product: string;
  /** The clients whose access tokens its API serves: its own, and any other the team trusts. */
  apiClients: string[];
}

export function productConfig(env: NodeJS.ProcessEnv = process.env): ProductConfig {
  const issuer = new URL(env.PORTAL_ISSUER ?? 'http://localhost:8080');
  const port = Number(env.PORT ?? 3001);
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${port}`);
  return {
    issuer,
    clientId: env.CLIENT_ID ?? 'demo-product',
    clientSecret: env.CLIENT_SECRET ?? 'demo-product-secret',
    port,
    appUrl,
    redirectUri: new URL('/callback', appUrl).href,
    postLogoutRedirectUri: new URL('/', appUrl).href,
    resource: env.PRODUCT_RESOURCE ?? `${issuer.href.replace(/\/$/, '')}/es`,
    product: env.PRODUCT_CODE ?? 'esguard',
    apiClients: (env.API_CLIENTS ?? env.CLIENT_ID ?? 'demo-product').split(',').map((id) => id.trim()),
  };
}

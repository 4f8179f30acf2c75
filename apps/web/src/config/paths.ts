import { AUTHORIZE_SCREEN_PATH } from '@portal/shared/api/authorize-screen';

/**
 * The web app's own routes, declared once (the other products link to these spellings, `/vertify-phone` and
 * `/forget_password` included: docs/portal-and-products.md#routes). The router registers them; everything else
 * links through them.
 */
export const paths = {
  root: '/',
  /** Where the OpenID provider sends a product's sign-in (`?interaction=<uid>`). */
  authorize: AUTHORIZE_SCREEN_PATH,
  login: '/login',
  twoStepSignIn: '/login/two-step',
  verifyPhone: '/vertify-phone',
  registerInvalidity: '/register-invalidity',
  registerAdmin: '/register-common-admin',
  registerMember: '/register-common-ordinary',
  registerOwner: '/register-owner-enterprise',
  forgetPassword: '/forget_password',
  noAuth: '/noAuth',
  home: '/home',
  personal: '/personal',
  settings: '/settings',
  /** Ask the owner of a site for access (`?site=site_...`, the link a site's page shows). */
  siteAccess: '/site-access',
  twoStepSetup: '/two-step-setup',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

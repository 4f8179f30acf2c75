/**
 * The portal's screen of an interaction, where the provider sends the browser with `?interaction=<uid>`.
 * Apart from the interaction's schemas (authorize.ts), so that the web app's router, which needs only
 * the address, does not bring zod to the first screen.
 */
export const AUTHORIZE_SCREEN_PATH = '/authorize';
export const INTERACTION_QUERY = 'interaction';

/**
 * A step-up before a sensitive action (here: a remote command to a plant). The product sends the
 * person back to the portal asking for a fresh sign-in (`prompt=login`, `max_age`) with two factors
 * (`acr_values`), and acts only on an ID token that proves it: the same person, two factors (`acr`),
 * a second factor among the methods (`amr`), and a proof no older than it asked (`auth_time`).
 */

/** The portal's authentication context class of two factors (docs/openid-provider.md#step-up). */
export const TWO_FACTORS = 'urn:energy-portal:acr:2fa';
/** The methods (RFC 8176) that are a second factor: a one-time code, an SMS code, a passkey kept on
 *  its device (`hwk`) or synced (`swk`), which the portal takes only with user verification. */
const SECOND_FACTORS = new Set(['otp', 'sms', 'hwk', 'swk']);
/** How recent the proof must be, in seconds: the command follows the sign-in at once. */
export const STEP_UP_MAX_AGE = 300;
/** Leeway for the clocks of the portal and the product. */
const CLOCK_SKEW = 30;

/** The extra parameters of the authorization request of a step-up. */
export const STEP_UP_PARAMS = {
  prompt: 'login',
  max_age: String(STEP_UP_MAX_AGE),
  acr_values: TWO_FACTORS,
};

/** The commands a plant takes from the product (what a real product would send to its devices). */
export const COMMANDS = { restart: 'Restart the inverter', stop: 'Stop the plant' } as const;
export type Command = keyof typeof COMMANDS;

export const isCommand = (value: unknown): value is Command =>
  typeof value === 'string' && Object.hasOwn(COMMANDS, value);

/**
 * Why the ID token of a step-up does not allow the command, or null when it does. `signedIn` are the
 * claims of the person signed in to the product: a step-up by another person allows nothing.
 */
export function stepUpRefusal(
  claims: Record<string, unknown>,
  signedIn: Record<string, unknown>,
  now = Date.now(),
): string | null {
  if (claims.sub !== signedIn.sub) return 'The confirmation was made by another person.';
  if (claims.acr !== TWO_FACTORS) {
    return 'The portal confirmed one factor only. Turn on two-step sign-in or add a passkey in the portal, then try again.';
  }
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  if (!amr.some((method) => SECOND_FACTORS.has(String(method)))) return 'No second factor was proved.';
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : 0;
  if (Math.floor(now / 1000) - authTime > STEP_UP_MAX_AGE + CLOCK_SKEW) return 'The confirmation is too old.';
  return null;
}

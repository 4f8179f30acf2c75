import { z } from 'zod';
import { codeSchema, requestString, signInPasswordSchema } from '../validation/rules.ts';

/** Two-step sign-in with an authenticator app (TOTP, RFC 6238) and its recovery codes. */

/** How many recovery codes a confirmed set-up hands out, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the second step of a sign-in may wait for its code. */
export const TWO_STEP_TICKET_TTL_SECONDS = 5 * 60;

/** Wrong codes one second step may take before its ticket dies and the person signs in again. */
export const TWO_STEP_TICKET_TRIES = 5;

/** A 6-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`, any case, spaces and
 *  dashes ignored); the call tells them apart. */
export const twoStepCodeSchema = requestString({ error: 'validation.codeRequired', trim: true })
  .min(1, 'validation.codeRequired')
  .max(32, 'validation.codeRequired');

/** Whether a typed code is an authenticator code rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/** `GET F/personal/two-step` */
export const twoStepStateSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet; 0 while two-step sign-in is off. */
  recoveryCodesLeft: z.number().int(),
  /** A company of the person requires two-step sign-in of its members: it cannot be turned off
   *  meanwhile (1009167). */
  required: z.boolean(),
  /** Turning it on needs a code sent to the account's verified email or phone as well (a company
   *  requires it, and it is off): `twoStepSetupCode` sends it. */
  setupCodeNeeded: z.boolean(),
});
export type TwoStepState = z.infer<typeof twoStepStateSchema>;

/** `POST F/personal/two-step/setup`: a new pending secret, until a code confirms it. */
export const twoStepSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri`, as an SVG `data:` URL. */
  qrSvgDataUrl: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

/** `POST F/personal/two-step/setup-code`: where the set-up's code went, masked. */
export const twoStepSetupCodeSentSchema = z.object({
  channel: z.enum(['email', 'sms']),
  /** `u***@example.com`, `138****0000` */
  to: z.string(),
  cooldownSeconds: z.number(),
});
export type TwoStepSetupCodeSent = z.infer<typeof twoStepSetupCodeSentSchema>;

/** `POST F/personal/two-step/confirm`; `setupCode` when the state says `setupCodeNeeded`. */
export const twoStepConfirmRequestSchema = z.strictObject({
  code: twoStepCodeSchema,
  setupCode: codeSchema.optional(),
});
export type TwoStepConfirmRequest = z.infer<typeof twoStepConfirmRequestSchema>;

export const twoStepConfirmResponseSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TwoStepConfirmResponse = z.infer<typeof twoStepConfirmResponseSchema>;

/** `POST F/personal/two-step/disable`: the password and a code of the app or a recovery code. */
export const twoStepDisableRequestSchema = z.strictObject({
  password: signInPasswordSchema,
  code: twoStepCodeSchema,
});
export type TwoStepDisableRequest = z.infer<typeof twoStepDisableRequestSchema>;

/** `POST F/user/login/two-step`: the ticket of the first step and a code. */
export const twoStepSignInRequestSchema = z.strictObject({
  ticket: requestString().min(20).max(100),
  code: twoStepCodeSchema,
});
export type TwoStepSignInRequest = z.infer<typeof twoStepSignInRequestSchema>;

/** The body of `POST S/enterprise/security/save`, and the rules in `GET S/enterprise/security`. */
export const securitySettingsSchema = z.strictObject({
  /** Members without two-step sign-in are led to set it up at their next sign-in. */
  requireTwoStep: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** `GET S/enterprise/security`: the rules, with what turning the requirement on would touch. */
export const securityStateSchema = securitySettingsSchema.extend({
  /** Everyone who belongs to the company, the administrator included. */
  members: z.number().int(),
  /** Members without two-step sign-in: led to set it up at their next sign-in once it is required. */
  membersWithoutTwoStep: z.number().int(),
  /** Whether the administrator asking has two-step sign-in: requiring it of the members asks for it
   *  first (1009168). */
  administratorHasTwoStep: z.boolean(),
});
export type SecurityState = z.infer<typeof securityStateSchema>;

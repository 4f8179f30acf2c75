import { z } from 'zod';
import { NAME_MAX_UNITS } from '../constants.ts';
import { nameUnits } from '../validation/name-units.ts';
import { requestString } from '../validation/rules.ts';

/**
 * Passkeys (WebAuthn discoverable credentials): the person's own in the personal centre, and signing
 * in with one. The ceremonies' options and answers are WebAuthn's JSON forms, as
 * `@simplewebauthn/browser` hands them to and takes them from the browser.
 */

/** How many passkeys one account may hold. */
export const PASSKEY_LIMIT = 20;

/** How long the challenge of a ceremony stays good; the browser's own wait is as long. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;

/** A base64url value of a WebAuthn answer, at most `max` characters. */
const base64url = (max: number) =>
  requestString({ error: 'validation.invalidValue' })
    .min(1, 'validation.invalidValue')
    .max(max, 'validation.invalidValue')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidValue');

/** What a browser adds of its extensions' results (`credProps`, ...): read by nobody, kept small. */
const extensionResults = z.record(z.string().max(64), z.unknown());

/** A passkey's name as typed: at most 50 units, a CJK character counting 2, like a person's name. */
export const passkeyNameSchema = requestString({ error: 'validation.passkeyNameRequired', trim: true })
  .min(1, 'validation.passkeyNameRequired')
  .refine((v) => nameUnits(v) <= NAME_MAX_UNITS, 'validation.passkeyNameTooLong');

/** The answer of `navigator.credentials.create()`, as `startRegistration()` gives it. */
export const registrationResponseSchema = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'validation.invalidValue' }),
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(10_000),
    authenticatorData: base64url(4000).optional(),
    transports: z.array(requestString().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** The answer of `navigator.credentials.get()`, as `startAuthentication()` gives it. */
export const authenticationResponseSchema = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'validation.invalidValue' }),
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    // room for a post-quantum signature (ML-DSA-87: 4,627 bytes, 6,170 characters), which Chromium's
    // authenticators now make
    signature: base64url(8000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** `POST F/personal/passkeys/registration-options`: WebAuthn's `PublicKeyCredentialCreationOptionsJSON`. */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** `POST F/personal/passkeys`: the browser's answer to the registration options, and a name. */
export const addPasskeyRequestSchema = z.strictObject({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

/** One passkey of `GET F/personal/passkeys`, oldest first. */
export const passkeySchema = z.object({
  id: z.number().int(),
  /** null when the person gave none. */
  name: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601 of its last sign-in; null before the first. */
  lastUsedAt: z.string().nullable(),
  /** `multiDevice`: synced between the person's devices (a password manager, a platform account). */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  /** Whether the authenticator says it is backed up. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeysSchema = z.array(passkeySchema);

const passkeyIdSchema = z.number({ error: 'validation.invalidValue' }).int().positive().max(2_147_483_647);

/** `POST F/personal/passkeys/rename` */
export const renamePasskeyRequestSchema = z.strictObject({ id: passkeyIdSchema, name: passkeyNameSchema });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;

/** `POST F/personal/passkeys/remove` */
export const removePasskeyRequestSchema = z.strictObject({ id: passkeyIdSchema });
export type RemovePasskeyRequest = z.infer<typeof removePasskeyRequestSchema>;

/** `POST F/user/login/passkey/options`: WebAuthn's `PublicKeyCredentialRequestOptionsJSON`, without
 *  `allowCredentials` (the browser offers the passkeys it holds for the site), and the challenge's id. */
export const passkeySignInOptionsSchema = z.object({
  challengeId: z.string(),
  options: z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  }),
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

/** `POST F/user/login/passkey` */
export const passkeySignInRequestSchema = z.strictObject({
  challengeId: base64url(200),
  response: authenticationResponseSchema,
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

import { z } from 'zod';
import { PRODUCT_CODES, type ProductCode } from '../products.ts';
import { requestString } from '../validation/rules.ts';
import { siteIdSchema } from './sites.ts';

/**
 * Gateways claimed into a site (docs/site-grants.md#gateways): a person claims one by its serial and
 * the one-time code it shows; the gateway exchanges the claim once for its own OpenID client.
 */

/** How long a claim credential may be exchanged. */
export const DEVICE_CLAIM_MINUTES = 10;

const DEVICE_ID_PATTERN = /^dev_[A-Za-z0-9_-]{22}$/;

/** A device's public id, `dev_...`. */
export const deviceIdSchema = requestString().regex(DEVICE_ID_PATTERN, 'validation.invalidValue');
/** A gateway's serial as printed on it: letters, digits, `.`, `_`, `-`. */
export const deviceSerialSchema = requestString({ trim: true })
  .min(1, 'validation.invalidValue')
  .max(64, 'validation.invalidValue')
  .regex(/^[A-Za-z0-9._-]+$/, 'validation.invalidValue');
/** The one-time code the gateway shows (typed, or read from its QR code); case and dashes do not count. */
export const deviceClaimCodeSchema = requestString({ trim: true })
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{6,32}$/, 'validation.invalidValue'));

const productSchema = z.enum(PRODUCT_CODES as [ProductCode, ...ProductCode[]], { error: 'validation.invalidValue' });

export const claimDeviceRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  serial: deviceSerialSchema,
  claimCode: deviceClaimCodeSchema,
  /** The product whose API the gateway's tokens are for: one of the site's. */
  productCode: productSchema,
});
export type ClaimDeviceRequest = z.infer<typeof claimDeviceRequestSchema>;

export const deviceClaimSchema = z.object({
  deviceId: z.string(),
  serial: z.string(),
  /** The claim credential, shown this once, for the gateway to exchange. */
  claim: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type DeviceClaim = z.infer<typeof deviceClaimSchema>;

/**
 * `claimed`: its client works; `stopped`: claimed, and no un-claim was written, but its client gets no
 * token any more (`stoppedBecause` says why); `revoked`: un-claimed, or revoked when its site was
 * retired or its grant revoked.
 */
export const SITE_DEVICE_STATES = ['claimed', 'stopped', 'revoked'] as const;
export type SiteDeviceState = (typeof SITE_DEVICE_STATES)[number];
/** Why a claimed device stopped without a write: its site retired, the site no longer on its product,
 *  or the grant it was claimed through no longer in effect (ended by its time, or above it). */
export const DEVICE_STOP_REASONS = ['site_retired', 'product_removed', 'grant_ended'] as const;
export type DeviceStopReason = (typeof DEVICE_STOP_REASONS)[number];
/** Why a device was revoked: un-claimed, its site retired, or the grant it was claimed through ended. */
export const DEVICE_REVOKE_REASONS = ['unclaimed', 'site_retired', 'grant_ended'] as const;
export type DeviceRevokeReason = (typeof DEVICE_REVOKE_REASONS)[number];

export const siteDeviceSchema = z.object({
  deviceId: z.string(),
  serial: z.string(),
  productCode: z.string(),
  state: z.enum(SITE_DEVICE_STATES),
  /** Set only while `state` is `stopped`. */
  stoppedBecause: z.enum(DEVICE_STOP_REASONS).nullable(),
  /** Set only while `state` is `revoked`, and null for a device revoked before the reason was kept. */
  revokedBecause: z.enum(DEVICE_REVOKE_REASONS).nullable(),
  /** Whether the gateway exchanged its claim for its client. */
  exchanged: z.boolean(),
  claimedBy: z.string().nullable(),
  /** The grant it was claimed through; null when the owner claimed it. */
  viaGrantId: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type SiteDevice = z.infer<typeof siteDeviceSchema>;

export const siteDevicesSchema = z.object({ items: z.array(siteDeviceSchema) });
export type SiteDevices = z.infer<typeof siteDevicesSchema>;

export const siteDevicesQuerySchema = z.strictObject({ siteId: siteIdSchema });

export const unclaimDeviceRequestSchema = z.strictObject({ siteId: siteIdSchema, deviceId: deviceIdSchema });
export type UnclaimDeviceRequest = z.infer<typeof unclaimDeviceRequestSchema>;

/** The algorithms a gateway's own key may sign its client assertions with. */
export const DEVICE_KEY_ALGS = ['ES256', 'EdDSA', 'RS256'] as const;

const keyPart = requestString().max(1_000, 'validation.invalidValue');
/**
 * A gateway's own public key (a JWK): P-256 for ES256, Ed25519 for EdDSA, RSA for RS256. Strict, so a
 * key sent with its private part (`d`) is refused rather than stored.
 */
export const devicePublicKeySchema = z.strictObject({
  kty: z.enum(['EC', 'OKP', 'RSA'], { error: 'validation.invalidValue' }),
  alg: z.enum(DEVICE_KEY_ALGS, { error: 'validation.invalidValue' }),
  kid: requestString().max(100, 'validation.invalidValue').optional(),
  use: z.literal('sig', { error: 'validation.invalidValue' }).optional(),
  crv: z.enum(['P-256', 'Ed25519'], { error: 'validation.invalidValue' }).optional(),
  x: keyPart.optional(),
  y: keyPart.optional(),
  n: keyPart.optional(),
  e: keyPart.optional(),
});
export type DevicePublicKey = z.infer<typeof devicePublicKeySchema>;

export const exchangeDeviceClaimRequestSchema = z.strictObject({
  claim: requestString().max(200, 'validation.invalidValue'),
  serial: deviceSerialSchema,
  claimCode: deviceClaimCodeSchema,
  /** The gateway's own public key: its client proves itself with it (private_key_jwt) and gets no secret. */
  publicKey: devicePublicKeySchema.optional(),
});
export type ExchangeDeviceClaimRequest = z.infer<typeof exchangeDeviceClaimRequestSchema>;

export const deviceClientSchema = z.object({
  deviceId: z.string(),
  siteId: z.string(),
  clientId: z.string(),
  /** How the client proves itself: its secret, or a JWT signed with the key the gateway registered. */
  authMethod: z.enum(['client_secret_basic', 'private_key_jwt']),
  /** Shown this once; the gateway keeps it. Null for a gateway that registered its own key. */
  clientSecret: z.string().nullable(),
  tokenEndpoint: z.string(),
  /** The resource (RFC 8707) to ask tokens for: the product's API, the tokens' audience. */
  resource: z.string(),
});
export type DeviceClient = z.infer<typeof deviceClientSchema>;

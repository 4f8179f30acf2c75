import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  DEVICE_CLAIM_MINUTES,
  claimDeviceRequestSchema,
  deviceClaimSchema,
  deviceClientSchema,
  exchangeDeviceClaimRequestSchema,
  siteDevicesQuerySchema,
  siteDevicesSchema,
  unclaimDeviceRequestSchema,
} from '../devices.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F, COMPANY_SETTINGS_PREFIX as S } from './prefixes.ts';
import { ADMINISTRATOR_ONLY } from './settings.ts';

const WHO_MAY =
  "An administrator of the site's owner, or of a company whose grant on the site is in effect with the `configure` capability (its template and every template above it); anyone else: 1009301. A site the company neither owns nor holds is 1000404.";

/** Gateways claimed into a site (docs/site-grants.md#gateways). */
export const deviceCalls = {
  siteDevices: defineCall({
    method: 'GET',
    path: `${S}/sites/devices`,
    audience: 'administrator',
    tag: 'settings',
    summary: "A site's gateways, with their last use",
    description: `${ADMINISTRATOR_ONLY} ${WHO_MAY} Every device claimed into the site, the newest first: \`claimed\`, \`revoked\`, or \`stopped\` when no write revoked it but its client gets no token any more (\`stoppedBecause\`: its site retired, the site off its product, or its grant no longer in effect); \`lastUsedAt\` is its last access token.`,
    query: siteDevicesQuerySchema,
    response: siteDevicesSchema,
    errors: [ErrorCode.NotFound, ErrorCode.DeviceClaimNotAllowed],
  }),

  claimDevice: defineCall({
    method: 'POST',
    path: `${S}/sites/devices/claim`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Claim a gateway into a site by its serial and its one-time code',
    description: `${ADMINISTRATOR_ONLY} ${WHO_MAY} Needs a fresh proof (1009166). \`serial\` as printed on the gateway, \`claimCode\` the code it shows (typed or scanned), \`productCode\` one of the site's products (else 1000400), whose API its tokens are for. A serial claimed into the site already is 1009300; a retired site 1009243. Answers the claim credential, shown this once: the gateway exchanges it within ${DEVICE_CLAIM_MINUTES} minutes, once, for its own client (\`exchangeDeviceClaim\`). \`device.claimed\` and an audit row go to the owner and, through a grant, to the company that claimed it.`,
    body: claimDeviceRequestSchema,
    response: deviceClaimSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.DeviceClaimNotAllowed,
      ErrorCode.DeviceSerialClaimed,
      ErrorCode.SiteRetired,
      ErrorCode.ReauthenticationRequired,
    ],
  }),

  unclaimDevice: defineCall({
    method: 'POST',
    path: `${S}/sites/devices/unclaim`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Un-claim a gateway: its client is disabled at once',
    description: `${ADMINISTRATOR_ONLY} ${WHO_MAY} Needs a fresh proof (1009166). The device's client is disabled in the same transaction: its next token request is \`invalid_client\`. Un-claiming a revoked device changes nothing. \`device.revoked\` and an audit row.`,
    body: unclaimDeviceRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound, ErrorCode.DeviceClaimNotAllowed, ErrorCode.ReauthenticationRequired],
  }),

  exchangeDeviceClaim: defineCall({
    method: 'POST',
    path: `${F}/devices/exchange`,
    audience: 'anonymous',
    tag: 'openid',
    summary: 'A gateway exchanges its claim, once, for its own client',
    description: `Called by the gateway itself, with the claim credential, its serial and the code it showed. A claim is used once, within ${DEVICE_CLAIM_MINUTES} minutes, by its own serial and code: a second exchange, a late one, or one with another serial or code are 1009302 alike. Answers a confidential client (client credentials only, its secret shown this once), the token endpoint and the resource to ask tokens for (the product's API, their audience). Its tokens carry \`site_id\`; they stop at once when the device is un-claimed, its site retired or the grant it was claimed through ends.`,
    body: exchangeDeviceClaimRequestSchema,
    response: deviceClientSchema,
    errors: [ErrorCode.DeviceClaimInvalid],
  }),
};

import { type Grant, type KoaContextWithOIDC, errors } from 'oidc-provider';
import { DEVICE_SIGN_IN_HOURS } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import type { AppContext } from '../../context.ts';
import {
  deleteExpiredDevicePolls,
  findDeviceSignIn,
  insertDevicePoll,
  insertDeviceSignIn,
  stampDevicePoll,
} from '../../queries/device-polls.ts';
import { findSiteByPublicId } from '../../queries/sites.ts';
import { ipKey } from '../platform/ip-key.ts';
import { hashSecret } from '../platform/secrets.ts';
import { sitesOf } from '../sites/decisions.ts';
import { deviceConfirmPage, deviceInputPage, deviceSuccessPage } from './device-pages.ts';
import { DEVICE_CODE_GRANT, OIDC_PREFIX, productOfClient } from './provider.ts';

/**
 * Device sign-in (RFC 8628) for the clients an operator registered for it (`clients add --device`):
 * a screen without a keyboard (an HMI, an EMS panel) shows a code, and the person enters it on the
 * portal's page from their phone. The library serves the endpoints; the portal adds what it leaves
 * out: the polling interval and `slow_down` (RFC 8628 §3.2, §3.5), and the limit of code guesses.
 */
export const DEVICE_ROUTES = {
  device_authorization: `${OIDC_PREFIX}/device/auth`,
  code_verification: `${OIDC_PREFIX}/device`,
} as const;

/** The interval a device is told first, and what it grows by each time the device polls sooner. */
export const POLL_INTERVAL_S = 5;
export const SLOW_DOWN_STEP_S = 5;
/** How long a device code (and its user code) lives. */
export const DEVICE_CODE_TTL_S = 600;

/**
 * Code entries allowed from one address, and of one code, within USER_CODE_WINDOW_MS. Every entry
 * counts, a right one too: a success does not reset the count, so that an attacker who also holds one
 * real code cannot use it to go on guessing. A user code of 8 letters of 20 leaves a guesser under
 * these limits no useful chance within a code's ten minutes.
 */
export const USER_CODE_ENTRIES_PER_ADDRESS = 10;
export const USER_CODE_ENTRIES_PER_CODE = 5;
export const USER_CODE_WINDOW_MS = 15 * 60_000;

/** The parameter of a device authorization request that names the site the device acts on. */
export const SITE_PARAM = 'site_id';

/** The site a device names, when it is open and on the product: another's or a retired one is none. */
async function namedSite(ctx: AppContext, siteId: unknown, product: ProductCode | undefined) {
  if (typeof siteId !== 'string' || !product) return undefined;
  const site = await findSiteByPublicId(ctx.db, siteId);
  if (!site || site.retired_at !== null) return undefined;
  return (JSON.parse(site.product_codes) as string[]).includes(product) ? site : undefined;
}

/** The library's `features.deviceFlow`: base-20 codes as XXXX-XXXX (it reads them case- and
 *  dash-insensitively), drawn on the portal's own pages. */
export function deviceFlowFeature(ctx: AppContext) {
  return {
    enabled: true,
    charset: 'base-20' as const,
    mask: '****-****',
    userCodeInputSource: async (oidc: KoaContextWithOIDC, form: string, _out: unknown, error?: Error) => {
      // a refusal comes back here too: the library names it AbortedError
      oidc.body = deviceInputPage(oidc, form, !error ? undefined : error.name === 'AbortedError' ? 'refused' : 'wrong');
    },
    userCodeConfirmSource: async (
      oidc: KoaContextWithOIDC,
      form: string,
      _client: unknown,
      deviceInfo: { ip?: string; ua?: string },
      userCode: string,
    ) => {
      const params = oidc.oidc.entities.DeviceCode?.params as Record<string, unknown> | undefined;
      const site = await namedSite(ctx, params?.[SITE_PARAM], productOfClient(oidc.oidc.client));
      oidc.body = deviceConfirmPage(oidc, form, deviceInfo, userCode, site?.name);
    },
    successSource: async (oidc: KoaContextWithOIDC) => {
      oidc.body = deviceSuccessPage(oidc);
    },
  };
}

/** The library's normal form of a user code: its letters, upper case. */
function normalUserCode(entered: string): string {
  return entered.toUpperCase().replace(/[^A-Z]/g, '');
}

/** Counts one code entry under both limits; false past either. */
async function reserveCodeEntry(ctx: AppContext, address: string, code: string): Promise<boolean> {
  const entry = await ctx.throttles.reserve(
    [
      {
        bucket: 'device-user-code-address',
        subject: ipKey(address),
        windowMs: USER_CODE_WINDOW_MS,
        max: USER_CODE_ENTRIES_PER_ADDRESS,
      },
      {
        bucket: 'device-user-code-code',
        subject: code,
        windowMs: USER_CODE_WINDOW_MS,
        max: USER_CODE_ENTRIES_PER_CODE,
      },
    ],
    ctx.now(),
  );
  return entry.granted;
}

/**
 * The form body of a code page's request, read before the library's own parser: that parser takes a
 * body another middleware read from `req.body` (oidc-provider's selective body parser, which warns
 * once that it does).
 */
async function formBody(oidc: KoaContextWithOIDC): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of oidc.req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  (oidc.req as typeof oidc.req & { body?: string }).body = raw;
  return new URLSearchParams(raw);
}

/**
 * The portal's controls around the library's device endpoints, as a Koa middleware of the provider:
 * the `interval` of a device authorization answer and its poll row; `slow_down` with a grown interval
 * for a device that polls sooner than its interval; and the limit of code entries, past which the
 * code page refuses with 429.
 */
export function deviceFlowControls(ctx: AppContext) {
  return async (oidc: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (oidc.method === 'POST' && oidc.path === DEVICE_ROUTES.code_verification) {
      const form = await formBody(oidc);
      const entered = form.get('user_code');
      // the confirmation (its approve or refuse) names the code already checked: only an entry counts
      if (entered !== null && !form.has('confirm') && !form.has('abort')) {
        if (!(await reserveCodeEntry(ctx, oidc.ip, normalUserCode(entered)))) {
          oidc.status = 429;
          oidc.set('retry-after', String(USER_CODE_WINDOW_MS / 1000));
          oidc.type = 'html';
          oidc.body = deviceInputPage(oidc, '', 'locked');
          return;
        }
      }
    }
    await next();
    if (oidc.method !== 'POST') return;
    if (oidc.path === DEVICE_ROUTES.device_authorization && oidc.status === 200) {
      const answer = oidc.body as { device_code?: string; expires_in?: number };
      if (!answer?.device_code) return;
      const now = ctx.now();
      await deleteExpiredDevicePolls(ctx.db, now);
      await insertDevicePoll(ctx.db, {
        code_hash: hashSecret(answer.device_code),
        interval_s: POLL_INTERVAL_S,
        last_at: now,
        expires_at: now + (answer.expires_in ?? DEVICE_CODE_TTL_S) * 1000,
      });
      oidc.body = { ...answer, interval: POLL_INTERVAL_S };
      return;
    }
    if (oidc.path.startsWith(`${OIDC_PREFIX}/token`) && oidc.status === 400) {
      const params = oidc.oidc?.params as { grant_type?: string; device_code?: string } | undefined;
      const answer = oidc.body as { error?: string };
      if (params?.grant_type !== DEVICE_CODE_GRANT || !params.device_code || answer?.error !== 'authorization_pending')
        return;
      const interval = await stampDevicePoll(ctx.db, hashSecret(params.device_code), ctx.now(), SLOW_DOWN_STEP_S);
      if (interval !== null) {
        oidc.body = {
          error: 'slow_down',
          error_description: `poll no more often than every ${interval} seconds`,
          interval,
        };
      }
    }
  };
}

/**
 * How long the person may still act on the site for the product through a device, in seconds (0: not
 * at all): the end of the widest of their ways to it (docs/site-grants.md#decisions), and no later than
 * the template of that way lets a device sign-in made at `signedInAt` live (DEVICE_SIGN_IN_HOURS).
 */
async function secondsOnSite(ctx: AppContext, grant: Grant, siteId: number, product: ProductCode, signedInAt: number) {
  const userId = Number(grant.accountId);
  if (!Number.isInteger(userId)) return 0;
  const now = ctx.now();
  const [site] = await sitesOf(ctx.db, { userId, product, at: now, limit: 1, after: siteId - 1 });
  if (site?.siteId !== siteId) return 0;
  const lifetimeEnd = signedInAt + DEVICE_SIGN_IN_HOURS[site.template] * 3_600_000;
  const end = site.endsAt === null ? lifetimeEnd : Math.min(site.endsAt, lifetimeEnd);
  return Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * At the token endpoint, for a person's token of a device: a device that named a site gets its first
 * token only if the person may act on the site for the product, and keeps the site with the grant;
 * every refresh of that grant asks again, so a revoked or expired grant, a retired site, a person
 * who left their company or a device sign-in past its template's lifetime makes the device's next
 * token request fail. Answers how many seconds the access lasts (null: without end, a device that
 * named no site), which the access token does not outlive.
 */
export async function checkDeviceSite(
  ctx: AppContext,
  oidc: KoaContextWithOIDC,
  grant: Grant,
  product: ProductCode,
): Promise<number | null> {
  const device = oidc.oidc.entities.DeviceCode;
  if (device) {
    const named = (device.params as Record<string, unknown> | undefined)?.[SITE_PARAM];
    if (named === undefined) return null;
    const site = await namedSite(ctx, named, product);
    const now = ctx.now();
    const left = site ? await secondsOnSite(ctx, grant, site.id, product, now) : 0;
    if (!site || left === 0) throw new errors.AccessDenied('the person may not act on the site for this product');
    await insertDeviceSignIn(ctx.db, {
      grant_id: grant.jti,
      client_id: grant.clientId!,
      site_id: site.id,
      created_at: now,
    });
    return left;
  }
  const signIn = await findDeviceSignIn(ctx.db, grant.jti);
  if (!signIn) return null;
  const left = await secondsOnSite(ctx, grant, signIn.site_id, product, signIn.created_at);
  if (left === 0) throw new errors.InvalidGrant('the access to the site has ended');
  return left;
}

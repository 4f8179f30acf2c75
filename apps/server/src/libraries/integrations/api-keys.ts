import { randomInt } from 'node:crypto';
import {
  API_KEYS_MAX,
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  findEnterpriseApiKey,
  findLiveApiKey,
  insertApiKeyWithinLimit,
  listEnterpriseAdministrators,
  listEnterpriseApiKeys,
  revokeLiveApiKeysOfCreator,
  setApiKeyRevoked,
  touchApiKey,
} from '../../queries/api-keys.ts';
import type { Executor } from '../../queries/executor.ts';
import { assertFreshProof } from '../account-security/fresh-proof.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import {
  type Administrator,
  type KeyAdministrator,
  type PersonAdministrator,
  SETTINGS_PRODUCT,
  actorOf,
} from '../company/settings-access.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { hashSecret, newSecret, sameHash } from '../platform/secrets.ts';
import { tooManyAttempts } from '../platform/throttle.ts';

/**
 * A company's API keys: `pak_` and eight characters that name the key (its visible prefix, stored as
 * it is), `_`, and 43 random base64url characters (256 bits). Only the SHA-256 of the whole key is
 * kept: the secret is random and long, so a fast hash is as safe as a slow one, and every request
 * with a key hashes it.
 */

/** Requests a key may make in a minute, counted in the throttle store shared by every server process. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/** A key's last use is written at most this often: a busy key does not write its row at every call. */
const LAST_USE_EVERY_MS = 60_000;

const DAY_MS = 86_400_000;
/** Lower-case letters and digits without the look-alikes (l, o, 0, 1): 32 of them, each as likely. */
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const ID_LENGTH = 8;
const PREFIX_LENGTH = API_KEY_PREFIX.length + ID_LENGTH;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[${ID_ALPHABET}]{${ID_LENGTH}}_[A-Za-z0-9_-]{43}$`);

/** Whether a bearer token has the shape of a company API key: a key is never a session. The shape,
 *  not the `pak_` start alone, since a session's random token (43 characters) may start so too. */
export function isApiKeyToken(token: string): boolean {
  return KEY_SHAPE.test(token);
}

function newKey(): { key: string; prefix: string } {
  let id = '';
  for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  const prefix = `${API_KEY_PREFIX}${id}`;
  return { key: `${prefix}_${newSecret(32)}`, prefix };
}

type ApiKeyStatus = ApiKey['status'];

function statusOf(row: { revoked_at: number | null; expires_at: number }, now: number): ApiKeyStatus {
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'active';
}

const iso = (at: number) => new Date(at).toISOString();

/** The company's keys, newest first, live, expired and revoked, each with the administrator who made it. */
export async function listApiKeys(ctx: AppContext, admin: PersonAdministrator): Promise<{ items: ApiKey[] }> {
  const rows = await listEnterpriseApiKeys(ctx.db, admin.enterpriseId);
  const now = ctx.now();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: JSON.parse(row.scopes) as ApiKeyScope[],
      status: statusOf(row, now),
      expiresAt: iso(Number(row.expires_at)),
      lastUsedAt: row.last_used_at === null ? null : iso(Number(row.last_used_at)),
      createdAt: iso(Number(row.created_at)),
      createdBy:
        row.creatorId === null || row.creatorName === null
          ? null
          : { userId: row.creatorId, nickname: row.creatorName, account: row.creatorAccount },
    })),
  };
}

/**
 * Makes a key, if the company has fewer than API_KEYS_MAX live ones (1009192), after a fresh proof of
 * the administrator (1009166). The key is answered this once; the company's administrators are told.
 */
export async function createApiKey(
  ctx: AppContext,
  admin: PersonAdministrator,
  caller: SignedInCaller,
  body: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  await assertFreshProof(ctx, caller.session);
  const now = ctx.now();
  const { key, prefix } = newKey();
  const expiresAt = now + (body.expiresInDays ?? API_KEY_MAX_DAYS) * DAY_MS;
  const id = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const inserted = await insertApiKeyWithinLimit(
      trx,
      {
        enterprise_id: admin.enterpriseId,
        name: body.name,
        prefix,
        secret_hash: hashSecret(key),
        scopes: JSON.stringify(body.scopes),
        expires_at: expiresAt,
        created_by: admin.userId,
        created_at: now,
      },
      API_KEYS_MAX,
    );
    if (inserted === null) throw new AppError(ErrorCode.ApiKeyLimit);
    await recordAudit(
      ctx,
      {
        action: 'api-key.create',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { keyId: inserted, prefix, name: body.name, scopes: body.scopes, expiresAt: iso(expiresAt) },
      },
      trx,
    );
    return inserted;
  });
  await tellAdministrators(ctx, admin, caller, body.name, now);
  const { user } = caller.session;
  return {
    key,
    apiKey: {
      id,
      name: body.name,
      prefix,
      scopes: body.scopes,
      status: 'active',
      expiresAt: iso(expiresAt),
      lastUsedAt: null,
      createdAt: iso(now),
      createdBy: { userId: user.id, nickname: user.nickname, account: user.account },
    },
  };
}

/** Every administrator of the company hears of a new key as of any new credential: by email, else
 *  by SMS to a proven phone. */
async function tellAdministrators(
  ctx: AppContext,
  admin: PersonAdministrator,
  caller: SignedInCaller,
  keyName: string,
  at: number,
): Promise<void> {
  const administrators = await listEnterpriseAdministrators(ctx.db, admin.enterpriseId);
  for (const person of administrators) {
    notifySecurityEvent(ctx, person, 'api-key-created', {
      at,
      ip: caller.ip,
      userAgent: caller.userAgent,
      keyName,
    });
  }
}

/** Revokes a key of the company: it stops working at the next request of any process. A key of
 *  another company is 1000404; a revoked one stays as it is. */
export async function revokeApiKey(ctx: AppContext, admin: PersonAdministrator, id: number): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const row = await findEnterpriseApiKey(trx, admin.enterpriseId, id);
    if (!row) throw new AppError(ErrorCode.NotFound);
    if (!(await setApiKeyRevoked(trx, id, ctx.now()))) return;
    await recordAudit(
      ctx,
      {
        action: 'api-key.revoke',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { keyId: row.id, prefix: row.prefix, name: row.name },
      },
      trx,
    );
  });
}

/**
 * Revokes the live keys a person made in the company, in the caller's transaction: the one that
 * demotes or removes them as an administrator. A key acts for the company only while its creator
 * could; promoted again, they make new keys. Each revocation is on the audit log, by whoever made
 * the change, with its reason.
 */
export async function revokeApiKeysOfCreator(
  ctx: AppContext,
  trx: Executor,
  admin: Administrator,
  creatorId: number,
): Promise<void> {
  const revoked = await revokeLiveApiKeysOfCreator(trx, admin.enterpriseId, creatorId, ctx.now());
  for (const key of revoked.sort((a, b) => a.id - b.id))
    await recordAudit(
      ctx,
      {
        action: 'api-key.revoke',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { keyId: key.id, prefix: key.prefix, name: key.name, reason: 'creatorNotAdministrator' },
      },
      trx,
    );
}

/**
 * The gate of a request with a key, on a call that names `scope`: a live key of a company that still
 * has the settings centre, with that scope (or the `manage` scope that includes it), acts as the
 * company's administrator. An unknown, revoked or expired key is 1000401, and so is a key whose
 * creator is no longer an administrator of the company, or whose account is gone or disabled (their
 * demotion or removal revokes it as well); a key without the scope, or of a company that lost the
 * settings centre, 1000403. Each key has its own request
 * rate (1000429); its last use is written at most once a minute.
 */
export async function administratorOfKey(
  ctx: AppContext,
  key: string,
  scope: ApiKeyScope,
  ip: string,
): Promise<KeyAdministrator> {
  const now = ctx.now();
  const row = await findLiveApiKey(ctx.db, key.slice(0, PREFIX_LENGTH), now, SETTINGS_PRODUCT);
  if (!row || !sameHash(hashSecret(key), row.secret_hash) || Number(row.creatorIsAdministrator) !== 1)
    throw new AppError(ErrorCode.Unauthorized);
  const scopes = JSON.parse(row.scopes) as ApiKeyScope[];
  if (!scopes.some((held) => covers(held, scope)) || Number(row.hasSettings) !== 1) {
    throw new AppError(ErrorCode.Forbidden);
  }
  const reservation = await ctx.throttles.reserve(
    [{ bucket: 'api-key', subject: String(row.id), windowMs: 60_000, max: API_KEY_REQUESTS_PER_MINUTE }],
    now,
  );
  if (!reservation.granted) throw tooManyAttempts(reservation.retryAfterMs);
  await touchApiKey(ctx.db, row.id, now, LAST_USE_EVERY_MS);
  return {
    kind: 'key',
    enterpriseId: row.enterprise_id,
    ip,
    apiKey: { id: row.id, prefix: row.prefix, name: row.name },
  };
}

/** A scope held covers the one a call names: itself, or `x.manage` for `x.read`. */
function covers(held: ApiKeyScope, wanted: ApiKeyScope): boolean {
  if (held === wanted) return true;
  const [area, kind] = wanted.split('.');
  return kind === 'read' && held === `${area}.manage`;
}

import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import type { OidcKeyUse } from '../../db/schema.ts';
import { type KeyRow, deleteKey, findKeys, insertKey, setKeyState } from '../../queries/openid.ts';
import { seal, unseal } from '../platform/secrets.ts';

/** How long a retired key stays published: longer than any token it signed lives (an ID token or a
 *  JWT access token: an hour), with room for clocks and caches. */
export const RETIRED_KEY_KEPT_MS = 24 * 3_600_000;

export interface KeySet {
  /** The private signing keys, the one that signs first, then the next (published ahead of its
   *  turn) and the retired ones (published until their tokens have expired). */
  jwks: JWK[];
  /** The keys of the provider's signed cookies, newest first. */
  cookieKeys: string[];
}

/** What making and sealing keys needs: the database, OIDC_KEYS_SECRET and the clock. Start-up has them
 *  before the app exists (db/prepare-database.ts). */
export type KeyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

const generateRsaKeyPair = promisify(generateKeyPair);

/** A new RSA key, made on libuv's thread pool: a second or so of work that must not hold up the
 *  requests the process is answering. */
async function newSigningKey(): Promise<string> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return JSON.stringify(privateKey.export({ format: 'jwk' }));
}

function sealedRow(ctx: KeyContext, kid: string, use: OidcKeyUse, state: KeyRow['state'], secret: string) {
  return {
    kid,
    use,
    state,
    sealed: seal(ctx.config.oidcKeysSecret, secret),
    created_at: ctx.now(),
    retired_at: null,
  };
}

/**
 * The keys at first start (made before the server listens: db/prepare-database.ts): one that signs,
 * one published ahead of its turn, and the cookie key. Their kids are fixed, so processes that start
 * together make one set between them.
 */
export async function ensureKeys(ctx: KeyContext): Promise<void> {
  const [signing, cookies] = await Promise.all([findKeys(ctx.db, 'sig'), findKeys(ctx.db, 'cookie')]);
  if (!signing.length) {
    const [current, next] = await Promise.all([newSigningKey(), newSigningKey()]);
    await insertKey(ctx.db, sealedRow(ctx, 'sig-1', 'sig', 'current', current));
    await insertKey(ctx.db, sealedRow(ctx, 'sig-2', 'sig', 'next', next));
  }
  if (!cookies.length) {
    await insertKey(ctx.db, sealedRow(ctx, 'cookie-1', 'cookie', 'current', randomBytes(32).toString('base64url')));
  }
}

const STATE_ORDER: Record<KeyRow['state'], number> = { current: 0, next: 1, retired: 2 };

export async function loadKeySet(ctx: AppContext): Promise<KeySet> {
  const [signing, cookies] = await Promise.all([findKeys(ctx.db, 'sig'), findKeys(ctx.db, 'cookie')]);
  const open = (row: KeyRow) => unseal(ctx.config.oidcKeysSecret, row.sealed, 'OIDC_KEYS_SECRET');
  const jwks = signing
    .filter((row) => row.state !== 'retired' || row.retired_at! + RETIRED_KEY_KEPT_MS > ctx.now())
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state])
    .map((row) => ({ ...(JSON.parse(open(row)) as JWK), kid: row.kid, use: 'sig', alg: 'RS256' }));
  return { jwks, cookieKeys: cookies.map(open) };
}

/**
 * The operator's rotation, in the safe order: the key published since the last rotation starts
 * signing, the one that signed is retired (published until its tokens have expired), and a new key is
 * published for the next rotation. Keys retired long enough ago are deleted. Server processes pick
 * the new set up within a minute (libraries/openid/service.ts).
 */
export async function rotateSigningKeys(
  ctx: AppContext,
): Promise<{ signing: string; next: string; retired: string[] }> {
  const now = ctx.now();
  const newKid = () => `sig-${now.toString(36)}-${randomBytes(3).toString('hex')}`;
  // made before the transaction, which would otherwise stay open (SQLite's one writer held) while it is
  const upcoming = await newSigningKey();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await findKeys(trx, 'sig');
    const current = rows.filter((row) => row.state === 'current');
    for (const row of current) await setKeyState(trx, row.kid, 'retired', now);
    for (const row of rows) {
      if (row.state === 'retired' && row.retired_at! + RETIRED_KEY_KEPT_MS <= now) await deleteKey(trx, row.kid);
    }
    // a set without a published next key (never the case after ensureKeys) starts signing with a new one
    let signing = rows.find((row) => row.state === 'next')?.kid;
    if (signing) await setKeyState(trx, signing, 'current', null);
    else await insertKey(trx, sealedRow(ctx, (signing = newKid()), 'sig', 'current', await newSigningKey()));
    const next = `${newKid()}-next`;
    await insertKey(trx, sealedRow(ctx, next, 'sig', 'next', upcoming));
    return { signing, next, retired: current.map((row) => row.kid) };
  });
}

import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import type { OidcKeyUse, SigningAlg } from '../../db/schema.ts';
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

const generate = promisify(generateKeyPair);

/** The algorithms the provider signs with, RS256 first: the one of every client that names none, and
 *  of the JWT access tokens. ES256 is the cheaper one a client may choose (`clients add --id-token-alg`). */
export const SIGNING_ALGS = ['RS256', 'ES256'] as const satisfies readonly SigningAlg[];

/** A new key for `alg`, made on libuv's thread pool: an RSA key is a second or so of work that must not
 *  hold up the requests the process is answering. */
async function newSigningKey(alg: SigningAlg): Promise<string> {
  const { privateKey } =
    alg === 'ES256' ? await generate('ec', { namedCurve: 'P-256' }) : await generate('rsa', { modulusLength: 2048 });
  return JSON.stringify(privateKey.export({ format: 'jwk' }));
}

/** The kids of an algorithm's first keys; RS256's are the ones the provider had before ES256. */
const FIRST_KIDS: Record<SigningAlg, [current: string, next: string]> = {
  RS256: ['sig-1', 'sig-2'],
  ES256: ['sig-es256-1', 'sig-es256-2'],
};

function sealedRow(
  ctx: KeyContext,
  kid: string,
  use: OidcKeyUse,
  alg: SigningAlg | null,
  state: KeyRow['state'],
  secret: string,
) {
  return {
    kid,
    use,
    alg,
    state,
    sealed: seal(ctx.config.oidcKeysSecret, secret),
    created_at: ctx.now(),
    retired_at: null,
  };
}

/**
 * The keys at first start (made before the server listens: db/prepare-database.ts): for each algorithm
 * one that signs and one published ahead of its turn, and the cookie key. Their kids are fixed, so
 * processes that start together make one set between them; a set made before ES256 gets its ES256
 * keys at the next start.
 */
export async function ensureKeys(ctx: KeyContext): Promise<void> {
  const [signing, cookies] = await Promise.all([findKeys(ctx.db, 'sig'), findKeys(ctx.db, 'cookie')]);
  await Promise.all(
    SIGNING_ALGS.filter((alg) => !signing.some((row) => row.alg === alg)).map(async (alg) => {
      const [current, next] = await Promise.all([newSigningKey(alg), newSigningKey(alg)]);
      await insertKey(ctx.db, sealedRow(ctx, FIRST_KIDS[alg][0], 'sig', alg, 'current', current));
      await insertKey(ctx.db, sealedRow(ctx, FIRST_KIDS[alg][1], 'sig', alg, 'next', next));
    }),
  );
  if (!cookies.length) {
    const secret = randomBytes(32).toString('base64url');
    await insertKey(ctx.db, sealedRow(ctx, 'cookie-1', 'cookie', null, 'current', secret));
  }
}

const STATE_ORDER: Record<KeyRow['state'], number> = { current: 0, next: 1, retired: 2 };

export async function loadKeySet(ctx: AppContext): Promise<KeySet> {
  const [signing, cookies] = await Promise.all([findKeys(ctx.db, 'sig'), findKeys(ctx.db, 'cookie')]);
  const open = (row: KeyRow) => unseal(ctx.config.oidcKeysSecret, row.sealed, 'OIDC_KEYS_SECRET');
  const jwks = signing
    .filter((row) => row.state !== 'retired' || row.retired_at! + RETIRED_KEY_KEPT_MS > ctx.now())
    // a stable order, so that processes publish one document (and one ETag) for one set: the signing
    // keys first, RS256 before ES256, each state's newest first
    .sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        SIGNING_ALGS.indexOf(a.alg ?? 'RS256') - SIGNING_ALGS.indexOf(b.alg ?? 'RS256'),
    )
    .map((row) => ({ ...(JSON.parse(open(row)) as JWK), kid: row.kid, use: 'sig', alg: row.alg ?? 'RS256' }));
  return { jwks, cookieKeys: cookies.map(open) };
}

export interface RotatedKeys {
  /** The key that signs now. */
  signing: string;
  /** The key published for the next rotation. */
  next: string;
  /** The keys that signed until now (published until their tokens have expired). */
  retired: string[];
}

/**
 * The operator's rotation, in the safe order, of each algorithm's keys: the key published since the
 * last rotation starts signing, the one that signed is retired (published until its tokens have
 * expired), and a new key is published for the next rotation. Keys retired long enough ago are
 * deleted. Server processes pick the new set up within a minute (libraries/openid/service.ts).
 */
export async function rotateSigningKeys(ctx: AppContext): Promise<Record<SigningAlg, RotatedKeys>> {
  const now = ctx.now();
  const newKid = (alg: SigningAlg) =>
    `sig-${alg === 'RS256' ? '' : 'es256-'}${now.toString(36)}-${randomBytes(3).toString('hex')}`;
  // made before the transaction, which would otherwise stay open (SQLite's one writer held) while they are
  const upcoming = Object.fromEntries(
    await Promise.all(SIGNING_ALGS.map(async (alg) => [alg, await newSigningKey(alg)] as const)),
  ) as Record<SigningAlg, string>;
  return ctx.db.transaction().execute(async (trx) => {
    const all = await findKeys(trx, 'sig');
    for (const row of all) {
      if (row.state === 'retired' && row.retired_at! + RETIRED_KEY_KEPT_MS <= now) await deleteKey(trx, row.kid);
    }
    const rotated = {} as Record<SigningAlg, RotatedKeys>;
    for (const alg of SIGNING_ALGS) {
      const rows = all.filter((row) => row.alg === alg);
      const current = rows.filter((row) => row.state === 'current');
      for (const row of current) await setKeyState(trx, row.kid, 'retired', now);
      // a set without a published next key (never the case after ensureKeys) starts signing with a new one
      let signing = rows.find((row) => row.state === 'next')?.kid;
      if (signing) await setKeyState(trx, signing, 'current', null);
      else
        await insertKey(trx, sealedRow(ctx, (signing = newKid(alg)), 'sig', alg, 'current', await newSigningKey(alg)));
      const next = `${newKid(alg)}-next`;
      await insertKey(trx, sealedRow(ctx, next, 'sig', alg, 'next', upcoming[alg]));
      rotated[alg] = { signing, next, retired: current.map((row) => row.kid) };
    }
    return rotated;
  });
}

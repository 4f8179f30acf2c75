import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import type { Db } from '../src/db/database.ts';
import { userHandleOf } from '../src/libraries/account-security/passkeys.ts';
import { type SoftwareCredential, cbor, signInResponse } from '../test/support/software-authenticator.ts';
import { insertAccount } from './support/accounts.ts';
import { ENGINE, ServerProcess, newClientAddress } from './support/server-process.ts';

const SAMPLES = 150;
const WARM_UP = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
}

/** An ES256 credential of the software authenticator, with no passkey behind it. */
function strayCredential(userHandle: string): SoftwareCredential {
  return {
    id: randomBytes(32),
    privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    counter: 1,
    userHandle,
  };
}

/** A passkey of a new account, stored with a public key of its own: the guesser, signing with another
 *  key, knows the credential id only, which is what the time of the answer must not confirm. */
async function registeredCredential(db: Db): Promise<SoftwareCredential> {
  const account = await insertAccount(db);
  const userHandle = Buffer.from(userHandleOf(account.id)).toString('base64url');
  const guess = strayCredential(userHandle);
  const { x, y } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const publicKey = cbor(
    new Map<number, number | Buffer>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x!, 'base64url')],
      [-3, Buffer.from(y!, 'base64url')],
    ]),
  );
  await db.db
    .insertInto('passkeys')
    .values({
      user_id: account.id,
      credential_id: guess.id.toString('base64url'),
      public_key: publicKey,
      counter: 0,
      transports: null,
      device_type: 'multiDevice',
      backed_up: 1,
      name: null,
      created_at: Date.now(),
      last_used_at: null,
    })
    .execute();
  return guess;
}

/**
 * Whether a credential id is registered must not show in the time of a passkey sign-in that fails:
 * the known id's answer is checked against its passkey, the unknown one's against a decoy key.
 */
describe(`passkey sign-in answers alike for known and unknown credential ids (${ENGINE})`, () => {
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    server = await ServerProcess.start();
    db = server.openDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  async function timed(credential: SoftwareCredential) {
    const from = newClientAddress();
    const options = await server.call(contract.passkeySignInOptions, { from });
    const { challengeId } = options.json.data;
    const response = signInResponse(credential, challengeId, {
      origin: server.baseUrl.replace('127.0.0.1', 'localhost'),
    });
    const started = process.hrtime.bigint();
    const reply = await server.call(contract.passkeySignIn, { body: { challengeId, response }, from });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, code: reply.json.code, msg: reply.json.msg };
  }

  // as the code requests' comparison: a leak shows in every round, a loaded machine may spoil one
  it(`has the same median time over ${SAMPLES} failed sign-ins of each`, { retry: 2 }, async () => {
    const known: SoftwareCredential[] = [];
    for (let i = 0; i < SAMPLES + WARM_UP; i++) known.push(await registeredCredential(db));
    const unknown = () => strayCredential(randomBytes(16).toString('base64url'));
    for (let i = 0; i < WARM_UP; i++) await timed(i % 2 ? known.pop()! : unknown());

    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < SAMPLES; i++) {
      // alternate which goes first, so that neither gains from the other's warm path
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const sample = await timed(kind === 'known' ? known.pop()! : unknown());
        times[kind].push(sample.ms);
        answers.add(`${sample.code} ${sample.msg}`);
      }
    }
    const [k, u] = [median(times.known), median(times.unknown)];
    console.log(
      `[${ENGINE}] passkey sign-in median: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms ` +
        `(difference ${((Math.abs(k - u) / Math.min(k, u)) * 100).toFixed(1)}%, ${SAMPLES} samples each)`,
    );
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^1009117 /);
    expect(Math.abs(k - u) / Math.min(k, u)).toBeLessThanOrEqual(0.1);
  });
});

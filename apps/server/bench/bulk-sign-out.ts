/**
 * "Sign out all other sessions" of a person with 10,000 live sessions, each with a product session
 * begun through the OpenID provider: the longest event-loop stall and the worst read of another
 * person while the portal ends them and tells the product, each beside the same reads with nothing
 * else running (before and after). The sessions are written straight into the database.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { contract } from '@portal/shared/api/contract';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import type { Figure } from './figures.ts';
import { randomClientAddress } from './load.ts';
import type { Running } from './processes.ts';
import { accountOf } from './seed.ts';
import { signIn } from './sign-in-requests.ts';

export const BULK_SESSIONS = 10_000;
const ROWS_PER_INSERT = 200;
const QUIET_MS = 3_000;
/** The other person's reads: one at a time, this long apart. */
const READ_EVERY_MS = 10;
const CLIENT_ID = 'esguard-bench-bulk';
/** The person signed out everywhere, and the one who reads meanwhile (seeded users of the bench). */
const PERSON = 7;
const READER = 8;

/** A product's back-channel logout endpoint that answers 200 to every logout token and counts them. */
export async function startLogoutReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    uri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The bench's product, which takes back-channel logouts at `logoutUri`. */
export async function addLogoutClient(db: Kysely<Database>, logoutUri: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('oidc_clients')
    .values({
      client_id: CLIENT_ID,
      product_code: 'esguard',
      name: 'Bench product',
      secret_hash: null,
      auth_method: 'none',
      redirect_uris: JSON.stringify(['http://127.0.0.1:9/callback']),
      post_logout_redirect_uris: '[]',
      backchannel_logout_uri: logoutUri,
      first_party: 1,
      resources: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** `count` more live sessions of the user, each with a provider session, a grant and its link for the
 *  bench's product (addLogoutClient). */
export async function seedProductSessions(db: Kysely<Database>, userId: number, count: number): Promise<void> {
  const now = Date.now();
  const accountId = String(userId);
  const randomId = () => randomBytes(16).toString('base64url');
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    const size = Math.min(ROWS_PER_INSERT, count - from);
    const portalIds = await db
      .insertInto('sessions')
      .values(
        Array.from({ length: size }, (_, i) => ({
          token_hash: randomId(),
          user_id: userId,
          enterprise_id: null,
          created_at: now - i,
          last_seen_at: now,
          expires_at: now + 86_400_000,
          revoked_at: null,
          user_agent: `Bench browser ${from + i}`,
          ip: '10.0.0.1',
        })),
      )
      .returning('id')
      .execute();
    const copies = portalIds.map(({ id }) => ({ portalId: id, grantId: randomId(), sessionId: randomId() }));
    const expires = Math.floor(now / 1000) + 86_400;
    await db
      .insertInto('oidc_models')
      .values(
        copies.flatMap((copy) => [
          {
            model: 'Grant',
            id: copy.grantId,
            payload: JSON.stringify({
              jti: copy.grantId,
              kind: 'Grant',
              accountId,
              clientId: CLIENT_ID,
              exp: expires,
            }),
            grant_id: null,
            uid: null,
            account_id: accountId,
            expires_at: expires * 1000,
            consumed_at: null,
          },
          {
            model: 'Session',
            id: copy.sessionId,
            payload: JSON.stringify({
              jti: copy.sessionId,
              kind: 'Session',
              accountId,
              exp: expires,
              authorizations: { [CLIENT_ID]: { sid: randomId(), grantId: copy.grantId } },
            }),
            grant_id: null,
            uid: randomId(),
            account_id: accountId,
            expires_at: expires * 1000,
            consumed_at: null,
          },
        ]),
      )
      .execute();
    await db
      .insertInto('oidc_grant_links')
      .values(
        copies.map((copy) => ({
          grant_id: copy.grantId,
          client_id: CLIENT_ID,
          user_id: userId,
          enterprise_id: null,
          portal_session_id: copy.portalId,
          expires_at: expires * 1000,
        })),
      )
      .execute();
  }
}

/** The person's other sessions with their product sessions, written beside the bench's seed. */
async function seedSessions(databaseUrl: string, logoutUri: string): Promise<void> {
  const database = openDatabase(
    databaseUrl.startsWith('sqlite:')
      ? { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: databaseUrl },
  );
  const { db } = database;
  try {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', accountOf(PERSON))
      .executeTakeFirstOrThrow();
    await addLogoutClient(db, logoutUri);
    await seedProductSessions(db, user.id, BULK_SESSIONS - 1);
  } finally {
    await database.close();
  }
}

/** The reader's latencies, one read at a time, until `stop` says so. */
async function readWhile(url: string, token: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const response = await fetch(url + contract.currentUser.path, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientAddress() },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(READ_EVERY_MS);
  }
  return latencies;
}

/** The reads alone for QUIET_MS: the worst read and the longest event-loop stall, the ceilings. */
async function quiet(portal: Running, readerToken: string) {
  await portal.loopDelay();
  const until = performance.now() + QUIET_MS;
  const latencies = await readWhile(portal.url, readerToken, () => performance.now() >= until);
  return { worstRead: Math.max(...latencies), longestStall: (await portal.loopDelay()).max };
}

export async function measureBulkSignOut(portal: Running, databaseUrl: string, engine: string): Promise<Figure[]> {
  const receiver = await startLogoutReceiver();
  try {
    // one at a time: `signIn` answers tokens in the order the sign-ins finish
    const [personToken] = await signIn(portal.url, [PERSON]);
    const [readerToken] = await signIn(portal.url, [READER]);
    await seedSessions(databaseUrl, receiver.uri);
    const before = await quiet(portal, readerToken!);

    await portal.loopDelay();
    const cpuAtStart = portal.cpuSeconds();
    const started = performance.now();
    let done = false;
    const reads = readWhile(portal.url, readerToken!, () => done);
    const response = await fetch(portal.url + contract.revokeMyOtherSessions.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${personToken}`, 'x-forwarded-for': randomClientAddress() },
    });
    const answer = (await response.json()) as { code: number; msg: string; data: { revoked: number } };
    const answeredMs = performance.now() - started;
    const cpuToAnswer = portal.cpuSeconds() - cpuAtStart;
    if (answer.code !== 0) throw new Error(`sign out all other sessions refused: ${answer.code} ${answer.msg}`);
    const expected = BULK_SESSIONS - 1;
    if (answer.data.revoked !== expected) throw new Error(`${answer.data.revoked} sessions ended, not ${expected}`);
    const deadline = performance.now() + 300_000;
    while (receiver.received() < expected && performance.now() < deadline) await sleep(50);
    const backgroundMs = performance.now() - started;
    const cpuInAll = portal.cpuSeconds() - cpuAtStart;
    done = true;
    const latencies = await reads;
    const longestStall = (await portal.loopDelay()).max;
    const after = await quiet(portal, readerToken!);

    const note = [
      `${answer.data.revoked} sessions ended; answered in ${answeredMs.toFixed(0)} ms with ${(cpuToAnswer * 1000).toFixed(0)} ms of server CPU`,
      `${receiver.received()} of ${expected} back-channel logouts delivered ${(backgroundMs / 1000).toFixed(1)} s after the request, ${(cpuInAll * 1000).toFixed(0)} ms of server CPU in all`,
      `${latencies.length} reads of another person meanwhile, p50 ${median(latencies).toFixed(1)} ms`,
    ].join('; ');
    const ceilingNote = (name: string, a: number, b: number) =>
      `${name}: ${a.toFixed(1)} ms before, ${b.toFixed(1)} ms after`;
    const figure = (name: string, value: number, ceilingName: string, a: number, b: number): Figure => {
      const ceiling = Math.max((a + b) / 2, 1);
      return {
        name,
        value,
        unit: 'ms',
        ceiling: { name: ceilingName, value: ceiling },
        ratio: ceiling / value,
        note: `${note}; ${ceilingNote('ceiling', a, b)}`,
      };
    };
    return [
      figure(
        `worst read during sign-out of ${BULK_SESSIONS} sessions, ${engine}`,
        Math.max(...latencies),
        'worst of the same reads alone',
        before.worstRead,
        after.worstRead,
      ),
      figure(
        `longest event-loop stall during sign-out of ${BULK_SESSIONS} sessions, ${engine}`,
        longestStall,
        'longest stall during the same reads alone',
        before.longestStall,
        after.longestStall,
      ),
    ];
  } finally {
    await receiver.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

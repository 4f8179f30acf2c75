/**
 * Memory under load: the portal's resident memory idle, then after 10,000 mixed requests from 10,000
 * client addresses (reads of a session, the sign-in page, the provider's discovery, a refused sign-in
 * of a bad body, an unknown path), and again once it has settled, beside the bare Fastify hello after
 * as many requests. With `--heap` each of the three moments also writes a heap snapshot, and the bench
 * prints which kinds of object grew: where to look when the figure is over its goal.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { contract } from '@portal/shared/api/contract';
import { FRONT_PREFIX } from '@portal/shared/api/contract/prefixes';
import type { Figure } from './figures.ts';
import { PORTAL_ARGS, type Running, portalEnv, startServer } from './processes.ts';
import { twoCompanyUsers } from './seed.ts';
import { signIn } from './sign-in-requests.ts';

export const MIXED_REQUESTS = 10_000;
/** How long the portal is left alone after the load before its memory is read again. */
export const SETTLE_AFTER_LOAD_MS = 10_000;
const CONNECTIONS = 16;

/** The n-th of 10,000 distinct addresses: every request of the load comes from another client. */
function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** What a mix of clients asks a portal: with and without a session, pages, the provider, mistakes. */
function mixedRequests(tokens: string[]) {
  let n = 0;
  const next = () => address(++n % 65_536);
  const token = () => tokens[n % tokens.length]!;
  return [
    { method: 'GET', path: contract.currentUser.path, auth: true },
    { method: 'GET', path: contract.portalInfo.path, auth: true },
    { method: 'GET', path: '/login', auth: false },
    { method: 'GET', path: '/.well-known/openid-configuration', auth: false },
    { method: 'POST', path: contract.login.path, auth: false, body: '{"loginType":"password"}' },
    { method: 'GET', path: `${FRONT_PREFIX}/unknown/${Math.random().toString(36).slice(2)}`, auth: false },
  ].map((request) => ({
    method: request.method as 'GET' | 'POST',
    path: request.path,
    setupRequest: (sent: { headers?: Record<string, string> }) => ({
      ...sent,
      method: request.method,
      path: request.path,
      headers: {
        ...sent.headers,
        'x-forwarded-for': next(),
        'accept-language': 'en-US,en;q=0.8',
        ...(request.auth ? { authorization: `Bearer ${token()}` } : {}),
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    }),
  }));
}

/** `amount` requests of the mix, `CONNECTIONS` at a time; resolves with the count of answers. */
export function sendMixedRequests(url: string, tokens: string[], amount = MIXED_REQUESTS): Promise<number> {
  return new Promise((done, fail) => {
    autocannon(
      { url, connections: CONNECTIONS, amount, timeout: 30, requests: mixedRequests(tokens) },
      (error, summary) => (error ? fail(error) : done(summary.requests.total)),
    );
  });
}

/** A heap snapshot directory and the portal's arguments that let SIGUSR2 write into it. */
export function heapSnapshots(): { dir: string; args: string[]; drop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-heap-'));
  return {
    dir,
    args: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`],
    drop: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Asks the process for a snapshot and waits until its file is written whole. */
export async function takeHeapSnapshot(server: Running, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(server.pid, 'SIGUSR2');
  let size = -1;
  for (let waited = 0; waited < 120_000; waited += 250) {
    await sleep(250);
    const written = readdirSync(dir).find((file) => !before.has(file) && file.endsWith('.heapsnapshot'));
    if (!written) continue;
    const path = join(dir, written);
    // V8 writes the file in pieces: it is whole once it stopped growing and ends its JSON object
    const now = statSync(path).size;
    if (now === size && readFileSync(path, 'utf8').trimEnd().endsWith('}')) return path;
    size = now;
  }
  throw new Error(`${server.name} wrote no heap snapshot within 120 s`);
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size by kind of object ("object Map", "closure x", "string", ...), in bytes. */
export function sizesByKind(path: string): Map<string, { bytes: number; count: number }> {
  const heap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = heap.snapshot.meta.node_types[0];
  const kinds = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    // strings and code are counted by type: their names are their contents
    const kind = ['object', 'closure', 'native'].includes(type)
      ? `${type} ${heap.strings[heap.nodes[i + nameAt]!]}`
      : type;
    const entry = kinds.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[i + sizeAt]!;
    entry.count += 1;
    kinds.set(kind, entry);
  }
  return kinds;
}

/** The kinds of object that grew most from one snapshot to the other. */
export function grownKinds(before: string, after: string, top = 12): string[] {
  const first = sizesByKind(before);
  const second = sizesByKind(after);
  return [...second]
    .map(([kind, size]) => ({
      kind,
      bytes: size.bytes - (first.get(kind)?.bytes ?? 0),
      count: size.count - (first.get(kind)?.count ?? 0),
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
    .map((grown) => `${(grown.bytes / 1024).toFixed(0)} KiB in ${grown.count} × ${grown.kind}`);
}

/** A server's resident memory idle, right after the mixed load, and once it has settled. */
interface UnderLoad {
  idleMiB: number;
  afterMiB: number;
  settledMiB: number;
  answered: number;
  grown: string[];
}

async function underLoad(
  server: Running,
  tokens: string[],
  heap?: ReturnType<typeof heapSnapshots>,
): Promise<UnderLoad> {
  // a first round warms the JIT, the pools and the caches that are meant to be filled once
  await sendMixedRequests(server.url, tokens, MIXED_REQUESTS / 10);
  await sleep(SETTLE_AFTER_LOAD_MS / 3);
  const before = heap ? await takeHeapSnapshot(server, heap.dir) : undefined;
  const idleMiB = server.rssMiB();
  const answered = await sendMixedRequests(server.url, tokens);
  const afterMiB = server.rssMiB();
  await sleep(SETTLE_AFTER_LOAD_MS);
  const settledMiB = server.rssMiB();
  const grown = heap && before ? grownKinds(before, await takeHeapSnapshot(server, heap.dir)) : [];
  return { idleMiB, afterMiB, settledMiB, answered, grown };
}

/** The goal: what 10,000 requests leave behind in the portal's memory, at most. */
const GROWTH_GOAL_MIB = 30;

/**
 * The portal on `databaseUrl` and the bare Fastify hello, each started afresh for this, each given the
 * same 10,000 mixed requests (the hello answers only one of the paths, and 404 to the rest). With
 * `heap`, snapshots are taken before and after, which costs memory of their own: the figures of such
 * a run are for finding what grew, not for the record.
 */
export async function measureMemory(databaseUrl: string, helloArgs: string[], heap: boolean): Promise<Figure[]> {
  const snapshots = heap ? heapSnapshots() : undefined;
  try {
    const portal = await startServer({
      name: 'portal',
      args: [...(snapshots?.args ?? []), ...PORTAL_ARGS],
      readyPath: contract.health.path,
      env: portalEnv(databaseUrl),
    });
    let portalRun: UnderLoad;
    try {
      portalRun = await underLoad(portal, await signIn(portal.url, twoCompanyUsers(64)), snapshots);
    } finally {
      await portal.stop();
    }
    const hello = await startServer({ name: 'hello', args: helloArgs, readyPath: '/hello' });
    let helloRun: UnderLoad;
    try {
      helloRun = await underLoad(hello, ['none']);
    } finally {
      await hello.stop();
    }
    const growth = portalRun.settledMiB - portalRun.idleMiB;
    const helloGrowth = helloRun.settledMiB - helloRun.idleMiB;
    const seconds = SETTLE_AFTER_LOAD_MS / 1000;
    return [
      {
        name: `memory after ${MIXED_REQUESTS.toLocaleString('en')} mixed requests from as many addresses, SQLite`,
        value: portalRun.settledMiB,
        unit: 'MiB',
        ceiling: { name: 'bare Fastify hello, after the same requests', value: helloRun.settledMiB },
        ratio: helloRun.settledMiB / portalRun.settledMiB,
        goal: `<= idle + ${GROWTH_GOAL_MIB} MiB`,
        met: growth <= GROWTH_GOAL_MIB,
        note: [
          `idle ${portalRun.idleMiB.toFixed(0)} MiB, ${portalRun.afterMiB.toFixed(0)} right after, ${portalRun.settledMiB.toFixed(0)} ${seconds} s later: ${growth.toFixed(1)} MiB more`,
          `the hello: idle ${helloRun.idleMiB.toFixed(0)}, ${helloRun.settledMiB.toFixed(0)} ${seconds} s after (${helloGrowth.toFixed(1)} MiB more)`,
          `${portalRun.answered} answers`,
          ...(heap ? ['with heap snapshots (their own memory counts); grown: ' + portalRun.grown.join('; ')] : []),
        ].join('; '),
      },
    ];
  } finally {
    snapshots?.drop();
  }
}

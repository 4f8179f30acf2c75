/**
 * Webhooks draining a backlog: 1,000 events queued for one endpoint before its receiver is reached,
 * then delivered by the portal's outbox worker one at a time in order (an endpoint's deliveries share
 * one ordering key), beside a bare loop that signs the same bodies with `standardwebhooks` and POSTs
 * them one after the other to the same receiver, each on a connection of its own as the portal does.
 * Then ten endpoints at once, 200 each, beside ten such loops at once. The receiver answers 204 and
 * notes when each delivery first arrived (a repeat, which at-least-once delivery allows, counts once).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { EVENT_VERSION } from '@portal/shared/api/integrations';
import type { Engine } from '../src/db/database.ts';
import { endpointOrderingKey } from '../src/libraries/integrations/events/record-event.ts';
import { seal } from '../src/libraries/platform/secrets.ts';
import type { Figure } from './figures.ts';
import { type InProcessPortal, engineLabel, startInProcessPortal } from './in-process.ts';
import { migrateAndSeed } from './seed.ts';

export const BACKLOG = 1_000;
const STEP = 100;
const PARALLEL_ENDPOINTS = 10;
const PARALLEL_BACKLOG = 200;
/** The goals: the drain's rate against the bare loop's, and its slowest hundred against its first. */
const RATE_GOAL = 0.5;
const STEADY_GOAL = 1.5;

/** Where deliveries arrive: `/hook/<endpoint>`, each noted once by its `webhook-id`. */
interface Receiver {
  url: string;
  /** When each delivery to `endpoint` first arrived (performance.now()), in arrival order. */
  arrivals(endpoint: string): number[];
  /** Resolves once `endpoint` has received `count` distinct deliveries. */
  received(endpoint: string, count: number): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const seen = new Set<string>();
  const arrivals = new Map<string, number[]>();
  const waiting: { endpoint: string; count: number; done: () => void }[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const endpoint = request.url ?? '';
      if (!seen.has(`${endpoint} ${id}`)) {
        seen.add(`${endpoint} ${id}`);
        const list = arrivals.get(endpoint) ?? [];
        list.push(performance.now());
        arrivals.set(endpoint, list);
        for (const waiter of waiting.filter((w) => w.endpoint === endpoint && w.count <= list.length)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.done();
        }
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals: (endpoint) => arrivals.get(endpoint) ?? [],
    received: (endpoint, count) =>
      (arrivals.get(endpoint)?.length ?? 0) >= count
        ? Promise.resolve()
        : new Promise((done) => waiting.push({ endpoint, count, done })),
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

/** The body the portal sends for an event, near enough in size and shape. */
function eventBody(n: number): string {
  return JSON.stringify({
    id: `evt_${randomBytes(16).toString('base64url')}`,
    type: 'member.joined',
    version: EVENT_VERSION,
    companyId: 1,
    occurredAt: new Date().toISOString(),
    data: { userId: n, account: `bench${n}`, departmentId: 1 },
  });
}

/** One signed POST on a connection of its own, as the portal's sender makes it. */
function signedPost(url: string, body: string): Promise<void> {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const signature = new Webhook(SECRET).sign(id, new Date(), body);
  return new Promise((done, fail) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signature,
      },
    });
    request.on('error', fail);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => done());
    });
    request.end(body);
  });
}

/** `count` deliveries to each of `endpoints`, each endpoint's one after the other: deliveries/s. */
async function bareLoops(receiver: Receiver, endpoints: string[], count: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    endpoints.map(async (endpoint) => {
      for (let n = 0; n < count; n++) await signedPost(receiver.url + endpoint, eventBody(n));
    }),
  );
  return (endpoints.length * count) / ((performance.now() - started) / 1000);
}

/** Endpoints of company 1 pointing at the receiver, each with `count` events queued, written straight
 *  into the database as the portal's own writes leave them; then the worker is woken. */
async function queueBacklog(portal: InProcessPortal, receiver: Receiver, endpoints: number, count: number) {
  const { seeder } = portal;
  const now = Date.now();
  const paths: string[] = [];
  for (let e = 0; e < endpoints; e++) {
    const path = `/hook/${randomBytes(6).toString('hex')}`;
    const endpoint = await seeder.db
      .insertInto('webhook_endpoints')
      .values({
        enterprise_id: 1,
        client_id: null,
        url: receiver.url + path,
        description: null,
        event_types: JSON.stringify(['member.joined']),
        secret: seal(portal.app.ctx.config.outboxSecret, SECRET),
        previous_secret: null,
        previous_secret_until: null,
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events = await seeder.db
      .insertInto('events')
      .values(
        Array.from({ length: count }, (_, n) => {
          const body = JSON.parse(eventBody(n)) as { id: string; data: unknown };
          return {
            public_id: body.id,
            enterprise_id: 1,
            type: 'member.joined' as const,
            version: EVENT_VERSION,
            data: JSON.stringify(body.data),
            at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    await seeder.db
      .insertInto('outbox')
      .values(
        events.map((event) => ({
          topic: 'webhook' as const,
          ordering_key: endpointOrderingKey(endpoint.id),
          payload: '{}',
          endpoint_id: endpoint.id,
          event_id: event.id,
          state: 'pending' as const,
          next_at: now,
          created_at: now,
        })),
      )
      .execute();
    paths.push(path);
  }
  return paths;
}

/** How long each hundred of the arrivals took, from `started`. */
function hundreds(arrivals: number[], started: number): number[] {
  const steps: number[] = [];
  for (let end = STEP; end <= arrivals.length; end += STEP)
    steps.push(arrivals[end - 1]! - (end === STEP ? started : arrivals[end - STEP - 1]!));
  return steps;
}

async function drain(portal: InProcessPortal, receiver: Receiver, endpoints: number, count: number) {
  const paths = await queueBacklog(portal, receiver, endpoints, count);
  const started = performance.now();
  portal.app.ctx.outbox!.nudge();
  await Promise.all(paths.map((path) => receiver.received(path, count)));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: (endpoints * count) / seconds, paths, started, seconds };
}

export async function measureWebhooks(engine: Engine, serverUrl: string | undefined): Promise<Figure[]> {
  const receiver = await startReceiver();
  const label = engineLabel(engine);
  const host = new URL(receiver.url).host;
  try {
    const portal = await startInProcessPortal(
      engine,
      serverUrl,
      (seeder) => migrateAndSeed(seeder, { companies: 1, users: 1 }).then(() => {}),
      {
        WEBHOOK_ALLOWED_HOSTS: host,
      },
    );
    try {
      // a first, unmeasured round: connections, statements and the JIT warm up on both sides
      await bareLoops(receiver, ['/warm-up'], STEP);
      await drain(portal, receiver, 1, STEP);

      const bareBefore = await bareLoops(receiver, ['/bare'], BACKLOG);
      const one = await drain(portal, receiver, 1, BACKLOG);
      const bareAfter = await bareLoops(receiver, ['/bare'], BACKLOG);
      const bare = (bareBefore + bareAfter) / 2;
      const steps = hundreds(receiver.arrivals(one.paths[0]!), one.started);
      const slowest = Math.max(...steps);

      const bareTen = await bareLoops(
        receiver,
        Array.from({ length: PARALLEL_ENDPOINTS }, (_, e) => `/bare-${e}`),
        PARALLEL_BACKLOG,
      );
      const ten = await drain(portal, receiver, PARALLEL_ENDPOINTS, PARALLEL_BACKLOG);
      const around = `the bare loop ${bareBefore.toFixed(0)} before and ${bareAfter.toFixed(0)} after`;
      return [
        {
          name: `webhooks: one endpoint drains a backlog of ${BACKLOG.toLocaleString('en')}, ${label}`,
          value: one.perSecond,
          unit: 'deliveries/s',
          ceiling: { name: 'bare signed-POST loop, same receiver', value: bare },
          ratio: one.perSecond / bare,
          goal: `ratio >= ${RATE_GOAL}`,
          met: one.perSecond / bare >= RATE_GOAL,
          note: `${one.seconds.toFixed(1)} s in all; ${around}`,
        },
        {
          name: `webhooks: the slowest ${STEP} of the backlog against the first ${STEP}, ${label}`,
          value: slowest / steps[0]!,
          unit: '×',
          goal: `<= ${STEADY_GOAL}`,
          met: slowest / steps[0]! <= STEADY_GOAL,
          note: `each ${STEP} in ms: ${steps.map((ms) => ms.toFixed(0)).join(', ')}`,
        },
        {
          name: `webhooks: ${PARALLEL_ENDPOINTS} endpoints draining ${PARALLEL_BACKLOG} each at once, ${label}`,
          value: ten.perSecond,
          unit: 'deliveries/s',
          ceiling: { name: `${PARALLEL_ENDPOINTS} bare loops at once`, value: bareTen },
          ratio: ten.perSecond / bareTen,
          note: `${ten.seconds.toFixed(1)} s in all; the worker tries up to 8 rows at once`,
        },
      ];
    } finally {
      await portal.close();
    }
  } finally {
    await receiver.close();
  }
}

import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { type AddressInfo, type Socket, createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { OutboxMessenger } from '../../src/libraries/outbox/outbox-messenger.ts';
import { OutboxWorker } from '../../src/libraries/outbox/outbox-worker.ts';
import { unseal } from '../../src/libraries/platform/secrets.ts';
import type { OutgoingMessage } from '../../src/messaging/messenger.ts';
import { FORGOTTEN_PAYLOAD } from '../../src/queries/outbox-messages.ts';
import { call, latestCode } from '../support/http.ts';
import { newPhone } from '../support/registration-flow.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const OUTBOX_SECRET = '4f1c9a7e2b6d08e35a9c1f47b2e6d0a83c5f91e7b4a2d6c08e3f5a1b9d7c2e46';
const KEY = Buffer.from(OUTBOX_SECRET, 'hex');

/**
 * Messages through the outbox: the row of a code holds no code in clear while it waits, and nothing
 * once it is sent or given up; a failing provider is tried again on the listed delays, then given up.
 */
describe(`messages in the outbox (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_SECRET });
  });
  afterAll(async () => t?.close());

  const messageRows = () =>
    t.app.ctx.db.selectFrom('outbox').selectAll().where('topic', '=', 'message').orderBy('id').execute();

  it('keeps a waiting code sealed, and blanks its row once the code is sent', async () => {
    // no worker in this process: the row waits, as it would while every process is down
    await t.app.outboxWorker.close();
    const phone = newPhone();
    expect((await call(t.app, contract.sendSms, { body: { phone, scene: 'register' } })).code).toBe(0);
    const [waiting] = await messageRows();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0 });
    expect(waiting!.payload).toMatch(/^v1:/);
    expect(waiting!.payload).not.toContain(phone);
    expect(waiting!.payload).not.toMatch(/\d{6}/);
    const sealed = JSON.parse(unseal(KEY, waiting!.payload, 'OUTBOX_SECRET'));
    expect(sealed).toMatchObject({ channel: 'sms', to: phone });

    // the next process's worker sends it from the outbox into the development outbox
    const worker = new OutboxWorker(t.app.ctx);
    const messenger = new OutboxMessenger(t.app.ctx, worker, t.app.outbox!);
    worker.start();
    try {
      await messenger.idle();
      const code = await latestCode(t.app, phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(sealed.text).toContain(code);
      const [sent] = await messageRows();
      expect(sent).toMatchObject({ id: waiting!.id, state: 'delivered', attempts: 1, payload: FORGOTTEN_PAYLOAD });
    } finally {
      await worker.close();
    }
  });
});

describe(`one recipient's messages (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_SECRET });
    // only this case's worker runs
    await t.app.outboxWorker.close();
  });
  afterAll(async () => t?.close());

  it('arrive in the order they were written, whatever each send takes; the address is not in the row', async () => {
    const arrived: OutgoingMessage[] = [];
    // a transport whose sends take a different time each: unordered, later ones would overtake
    const transport = {
      async send(message: OutgoingMessage) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
        arrived.push(message);
      },
    };
    const worker = new OutboxWorker(t.app.ctx);
    const messenger = new OutboxMessenger(t.app.ctx, worker, transport);
    const to = ['ordered.one@example.com', 'ordered.two@example.com'];
    for (let n = 1; n <= 8; n++)
      for (const address of to)
        await messenger.send({ channel: 'email', to: address, subject: 'n', text: String(n), purpose: 'notice' });
    worker.start();
    try {
      await messenger.idle();
    } finally {
      await worker.close();
    }
    for (const address of to)
      expect(arrived.filter((m) => m.to === address).map((m) => m.text)).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
      ]);
    const keys = await t.app.ctx.db
      .selectFrom('outbox')
      .select('ordering_key')
      .where('topic', '=', 'message')
      .execute();
    expect(new Set(keys.map((row) => row.ordering_key)).size).toBe(2);
    for (const { ordering_key } of keys) expect(ordering_key).not.toContain('@');
  });
});

describe(`messages to a provider that fails (${ENGINE})`, () => {
  let t: TestApp;
  let provider: Server;
  let asked = 0;
  beforeAll(async () => {
    provider = createServer((req, res) => {
      asked++;
      req.resume();
      res.writeHead(500).end();
    });
    provider.listen(0, '127.0.0.1');
    await once(provider, 'listening');
    t = await startTestApp({
      OUTBOX_SECRET,
      PORTAL_DEV_OUTBOX: '0',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms`,
    });
  });
  afterAll(async () => {
    await t?.close();
    provider?.close();
  });

  const rowOf = (id: number) =>
    t.app.ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tries again after 1, 5, 15, 30 and 60 s (jittered), then gives the message up and blanks it', async () => {
    // each try fails somewhere in [from, to]: its next is due the delay (jittered down to half) after
    let from = t.app.ctx.now();
    expect((await call(t.app, contract.sendSms, { body: { phone: newPhone(), scene: 'register' } })).code).toBe(0);
    await t.app.messenger.idle();
    let to = t.app.ctx.now();
    const { id } = await t.app.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('topic', '=', 'message')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    for (const delay of [1_000, 5_000, 15_000, 30_000, 60_000]) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ state: 'pending', last_error: expect.stringContaining('HTTP 500') });
      expect(row.payload).toMatch(/^v1:/);
      expect(row.next_at).toBeGreaterThanOrEqual(from + delay / 2);
      expect(row.next_at).toBeLessThanOrEqual(to + delay);
      t.clock.advance(delay);
      from = t.app.ctx.now();
      await t.app.messenger.idle();
      to = t.app.ctx.now();
    }
    expect(asked).toBe(6);
    expect(await rowOf(id)).toMatchObject({ state: 'dead', attempts: 6, payload: FORGOTTEN_PAYLOAD });
    // nothing is due any more: no seventh try, however long one waits
    t.clock.advance(10 * 60_000);
    await t.app.messenger.idle();
    expect(asked).toBe(6);
  });

  it('writes a decoy for a sign-in code to a phone without an account, and sends it to nobody', async () => {
    const before = asked;
    expect((await call(t.app, contract.sendSms, { body: { phone: newPhone(), scene: 'login' } })).code).toBe(0);
    await t.app.messenger.idle();
    expect(asked).toBe(before);
    const [decoy] = await t.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('topic', '=', 'message')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(decoy).toMatchObject({ state: 'delivered', attempts: 1, payload: FORGOTTEN_PAYLOAD });
  });

  it('never sends a code that died while it waited', async () => {
    await t.app.outboxWorker.close();
    expect((await call(t.app, contract.sendSms, { body: { phone: newPhone(), scene: 'register' } })).code).toBe(0);
    const before = asked;
    // a code lives 5 minutes: every process was down longer than that
    t.clock.advance(5 * 60_000 + 1);
    const worker = new OutboxWorker(t.app.ctx);
    const messenger = new OutboxMessenger(t.app.ctx, worker, { send: async () => void asked++ });
    worker.start();
    try {
      await messenger.idle();
    } finally {
      await worker.close();
    }
    expect(asked).toBe(before);
    const rows = await t.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('topic', '=', 'message')
      .orderBy('id', 'desc')
      .execute();
    expect(rows[0]).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'expired before it could be sent',
      payload: FORGOTTEN_PAYLOAD,
    });
  });
});

describe(`messages to a mail server that never says a word (${ENGINE})`, () => {
  let t: TestApp;
  let silent: ReturnType<typeof createTcpServer>;
  const held: Socket[] = [];
  beforeAll(async () => {
    silent = createTcpServer((socket) => held.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    t = await startTestApp({
      PORTAL_DEV_OUTBOX: '0',
      SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      MAIL_FROM: 'Energy Portal <no-reply@portal.example.com>',
    });
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    silent?.close();
    await t?.close();
  });

  // a try still waiting when the row's lease (a minute) ends would be taken again beside it: sent twice
  it('gives a try up well within the lease, and tries the message again later', async () => {
    const email = `silent.${newPhone()}@example.com`;
    expect((await call(t.app, contract.sendEmail, { body: { email, scene: 'bind' } })).code).toBe(0);
    const failed = () =>
      t.app.ctx.db
        .selectFrom('outbox')
        .select(['state', 'attempts', 'last_error'])
        .where('topic', '=', 'message')
        .where('last_error', 'is not', null)
        .execute();
    await expect.poll(failed, { timeout: 25_000, interval: 250 }).toHaveLength(1);
    expect(await failed()).toEqual([{ state: 'pending', attempts: 1, last_error: expect.stringMatching(/greeting/i) }]);
  });
});

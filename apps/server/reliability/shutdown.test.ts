import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { pathOf } from '@portal/shared/api/contract/define';
import { insertAccount } from './support/accounts.ts';
import { ENGINE, type HttpReply, ServerProcess, isEnvelope } from './support/server-process.ts';
import { SlowSmsProvider } from './support/slow-provider.ts';

const PASSWORD = 'Secret2026';
const CONCURRENT = 28;

/**
 * One request through a keep-alive agent, as browsers and API clients send them. With `holdBack`, the
 * last bytes of the body wait for `finish()`: the request is then surely under way at the server.
 */
function keptAliveCall(
  agent: Agent,
  server: ServerProcess,
  path: string,
  body?: unknown,
  holdBack = 0,
): { reply: Promise<HttpReply>; finish(): void } {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  let finish = () => {};
  const reply = new Promise<HttpReply>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': payload.length },
        agent,
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    if (!payload) return void req.end();
    req.write(payload.subarray(0, payload.length - holdBack));
    finish = () => req.end(payload.subarray(payload.length - holdBack));
    if (!holdBack) finish();
  });
  return { reply, finish };
}

/** A server with accounts of their own for concurrent sign-ins (one account's tries are serialised). */
async function serverWithAccounts(env: Record<string, string> = {}) {
  const server = await ServerProcess.start({ env });
  const db = server.openDatabase();
  const accounts = await Promise.all(
    Array.from({ length: CONCURRENT }, () => insertAccount(db, { password: PASSWORD })),
  );
  await db.close();
  const signIns = accounts.map((a) => ({
    loginType: 'password',
    identifierType: 'account',
    identifier: a.account,
    password: PASSWORD,
  }));
  return { server, signIns };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(10);
  }
}

/** Sends SIGTERM and measures how long the process takes to end. */
async function terminate(server: ServerProcess): Promise<number> {
  const sent = Date.now();
  server.child!.kill('SIGTERM');
  await server.waitForExit();
  return Date.now() - sent;
}

describe(`shutdown on SIGTERM (${ENGINE})`, () => {
  it('lets the sign-ins in flight finish, closes the kept-alive connections and exits 0 at once', async () => {
    const { server, signIns } = await serverWithAccounts({ LOG_LEVEL: 'info' });
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });
      const calls = signIns.map((signIn) => keptAliveCall(agent, server, contract.login.path, signIn, 4));
      const replies = calls.map((call) =>
        call.reply.then(
          (reply) => ({ reply }),
          (error: Error) => ({ error }),
        ),
      );
      // every sign-in has reached the server and waits for the rest of its body
      const received = () => server.output.split(`"url":"${contract.login.path}"`).length - 1;
      await waitFor(() => received() >= CONCURRENT, `${CONCURRENT} sign-ins received`);
      const exit = terminate(server);
      // past the moment the server stops listening: the requests are still under way, and complete now
      await waitFor(() => server.output.includes('SIGTERM received'), 'the drain to begin');
      await sleep(400);
      for (const call of calls) call.finish();
      const settled = await Promise.all(replies);
      const exitMs = await exit;

      const failures = settled.flatMap((s) => ('error' in s ? [s.error.message] : []));
      const answers = settled.flatMap((s) => ('reply' in s ? [s.reply] : []));
      console.log(
        `SIGTERM with ${CONCURRENT} sign-ins in flight: ${answers.filter((r) => r.json?.code === 0).length} signed in, ` +
          `${failures.length} failed at the connection; exit ${server.exitCode} after ${exitMs} ms`,
      );
      expect(failures).toEqual([]);
      expect(answers.map((r) => r.json?.code)).toEqual(Array(CONCURRENT).fill(0));
      // answered while draining: the connection closes with the answer, no keep-alive client holds the exit up
      for (const reply of answers) expect(reply.headers.connection).toBe('close');
      expect(server.exitCode).toBe(0);
      expect(exitMs).toBeLessThan(5_000);
      agent.destroy();
    } finally {
      await server.close();
    }
  });

  it('answers requests that arrive during the drain with 1000503 and Connection: close, none reset', async () => {
    const { server, signIns } = await serverWithAccounts({ LOG_LEVEL: 'info' });
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const first = await keptAliveCall(agent, server, pathOf(contract.referralInfo, { id: 'a'.repeat(32) })).reply;
      expect(first.json?.code).toBe(0);
      // sign-ins sent at the moment of the signal: in flight, or arriving while it drains
      const racing = signIns.map(
        (signIn) => keptAliveCall(new Agent({ keepAlive: true }), server, contract.login.path, signIn).reply,
      );
      await sleep(10);
      const exit = terminate(server);
      await waitFor(() => server.output.includes('SIGTERM received'), 'the drain to begin');
      // the connection kept alive since the first request carries one more
      const during = await keptAliveCall(agent, server, pathOf(contract.referralInfo, { id: 'b'.repeat(32) })).reply;
      const settled = await Promise.allSettled(racing);
      const exitMs = await exit;

      expect(during.status).toBe(503);
      expect(isEnvelope(during.json), during.text).toBe(true);
      expect(during.json.code).toBe(1000503);
      expect(during.headers.connection).toBe('close');
      expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);

      const reset = settled.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
      const codes = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.json?.code] : []));
      console.log(
        `SIGTERM as ${CONCURRENT} sign-ins were sent: ${codes.filter((c) => c === 0).length} signed in, ` +
          `${codes.filter((c) => c === 1000503).length} answered 1000503, ${reset.length} reset; exit after ${exitMs} ms`,
      );
      expect(reset).toEqual([]);
      for (const code of codes) expect([0, 1000503]).toContain(code);
      expect(server.exitCode).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('runs the closing work of the app (message delivery) before it exits', async () => {
    const provider = await SlowSmsProvider.start(400);
    const server = await ServerProcess.start({ env: { SMS_WEBHOOK_URL: provider.url } });
    try {
      const sent = await server.call(contract.sendSms, { body: { phone: '13912345678', scene: 'register' } });
      expect(sent.json?.code, sent.text).toBe(0);
      // the code is on its way to the slow provider as the signal comes
      await terminate(server);
      expect(provider.received.map((m) => m.phone)).toEqual(['13912345678']);
      expect(server.exitCode).toBe(0);
    } finally {
      await server.close();
      await provider.stop();
    }
  });

  it('exits within SHUTDOWN_TIMEOUT_SECONDS when a request cannot finish', async () => {
    const server = await ServerProcess.start({ env: { SHUTDOWN_TIMEOUT_SECONDS: '1' } });
    try {
      // a client that announces a body and stops sending it holds its request open
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST ${contract.login.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
      );
      await sleep(200);
      const exitMs = await terminate(server);
      socket.destroy();
      console.log(`SIGTERM with a request that never completes: exit ${server.exitCode} after ${exitMs} ms`);
      expect(exitMs).toBeLessThan(3_000);
      expect(server.exitCode).toBe(1);
      expect(server.output).toContain('SHUTDOWN_TIMEOUT_SECONDS');
    } finally {
      await server.close();
    }
  });
});

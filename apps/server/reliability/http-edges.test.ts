import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { pathOf } from '@portal/shared/api/contract/define';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { ENGINE, ServerProcess, isEnvelope } from './support/server-process.ts';

const REQUEST_TIMEOUT_SECONDS = 2;

interface RawReply {
  status: number;
  headers: Record<string, string>;
  json: any;
  /** From the first byte sent to the connection's end. */
  ms: number;
}

/** Writes bytes as they are, however wrong, and reads what comes back until the server closes. */
function rawExchange(port: number, text: string, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server kept the connection for ${timeoutMs} ms`)));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, json, ms: Date.now() - started });
    });
    socket.write(text);
  });
}

describe(`answers at the edges of HTTP (${ENGINE})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.start({
      env: { LOG_LEVEL: 'info', REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) },
    });
  });
  afterAll(async () => server?.close());

  it('answers a URL that cannot be decoded with the envelope', async () => {
    const reply = await server.call(`${API_PREFIX}/x%zz`);
    expect(reply.status).toBe(400);
    expect(isEnvelope(reply.json), reply.text).toBe(true);
    expect(reply.json.code).toBe(1000400);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('answers a path parameter over the router limit with the envelope', async () => {
    const reply = await server.call(contract.referralInfo, { params: { id: 'a'.repeat(400) } });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(isEnvelope(reply.json), reply.text).toBe(true);
    expect(reply.json.code).toBe(1000400);
  });

  it('answers an unknown /api path and a method without a route with the envelope 1000404', async () => {
    for (const method of ['GET', 'PROPFIND', 'DELETE']) {
      const reply = await server.call(`${API_PREFIX}/no/such/call`, { method });
      expect([reply.status, reply.json?.code], `${method}: ${reply.text}`).toEqual([404, 1000404]);
    }
  });

  it.each([
    ['an unknown HTTP method', 'BREW /api/pot HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
    ['a malformed request line', 'nonsense\r\n\r\n', 400],
    ['a malformed header', 'GET /api/x HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n', 400],
    [
      'headers over the size limit',
      `GET /api/x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s, which Node cannot parse, with the envelope and closes', async (_what, text, status) => {
    const reply = await rawExchange(server.port, text);
    expect(reply.status).toBe(status);
    expect(isEnvelope(reply.json), JSON.stringify(reply)).toBe(true);
    expect(reply.json.code).toBe(1000400);
    expect(reply.headers.connection).toBe('close');
    expect(server.alive).toBe(true);
  });

  it('cuts off a client that sends its headers too slowly, with the envelope', async () => {
    const reply = await rawExchange(server.port, `GET ${contract.currentUser.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    console.log(`headers never completed: answered ${reply.status} and closed after ${reply.ms} ms`);
    expect(reply.status).toBe(408);
    expect(reply.json?.code).toBe(1000400);
    // the limit plus Node's check every second
    expect(reply.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 2_000);
  });

  it('answers a request whose body never completes within the request timeout', async () => {
    const reply = await rawExchange(
      server.port,
      `POST ${contract.login.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"loginType":`,
    );
    console.log(`body never completed: answered ${reply.status} (${reply.json?.code}) and closed after ${reply.ms} ms`);
    expect(isEnvelope(reply.json)).toBe(true);
    expect([408, 503]).toContain(reply.status);
    expect(reply.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 2_000);
  });

  it('logs requests without the ids of invitation links', async () => {
    const secrets = Array.from({ length: 3 }, () => randomBytes(24).toString('base64url'));
    await server.call(contract.referralInfo, { params: { id: secrets[0]! } });
    await server.call(`/register-common-ordinary?referralId=${secrets[1]}&step=2`);
    await server.call(contract.signUpCheck, { query: { referralId: secrets[2] }, body: { ticket: 'x' } });
    // the log arrives through its own pipe, possibly after the answers
    for (const url of [
      pathOf(contract.referralInfo, { id: 'redacted' }),
      '/register-common-ordinary?referralId=redacted&step=2',
      `${contract.signUpCheck.path}?referralId=redacted`,
    ]) {
      await expect.poll(() => server.output).toContain(`"url":"${url}"`);
    }
    for (const secret of secrets) expect(server.output).not.toContain(secret);
  });
});

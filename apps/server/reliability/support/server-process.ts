import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@portal/shared/api/contract';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { type Db, openDatabase } from '../../src/db/database.ts';
import { type TestDatabase, createTestDatabase } from '../../test/support/test-app.ts';
import { type CallOptions, type DataOf, requestOf } from '../../test-kit/call.ts';

export { ENGINE } from '../../test/support/test-app.ts';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
  token?: string;
  /** The loopback address the request comes from (any of 127.0.0.0/8): a client IP of its own. */
  from?: string;
  timeoutMs?: number;
}

/** A request to a declared call (its method and URL from the declaration), over a socket. */
export interface DeclaredRequestOptions extends CallOptions {
  /** A body sent as it is, instead of `body` as JSON. */
  raw?: string | Buffer;
  from?: string;
  timeoutMs?: number;
}

/** The answer to a declared call: the reply, and its envelope with `data` typed by the declaration. */
export interface DeclaredReply<D extends CallDeclaration> extends HttpReply {
  code: number;
  msg: string;
  data: DataOf<D>;
}

/** One HTTP request on a fresh connection; never throws for an HTTP status, only for a broken socket. */
export function httpCall(baseUrl: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | Buffer | undefined = options.raw;
  if (payload === undefined && options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 45_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 45_000} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request to a declared call on a fresh connection, with its envelope read. */
export async function declaredCall<D extends CallDeclaration>(
  baseUrl: string,
  declaration: D,
  options: DeclaredRequestOptions = {},
): Promise<DeclaredReply<D>> {
  const { method, url, headers, body } = requestOf(declaration, options);
  const reply = await httpCall(baseUrl, url, { ...options, method, headers, body, token: undefined });
  return { ...reply, code: reply.json?.code, msg: reply.json?.msg, data: reply.json?.data };
}

/** Whether a body is the portal's envelope `{ code, msg, data }` (docs/errors.md#the-envelope). */
export function isEnvelope(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false;
  const body = json as Record<string, unknown>;
  return typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body;
}

let loopbackSequence = Math.floor(Math.random() * 200) * 250;
/** A client address nobody else in this run uses. */
export function newClientAddress(): string {
  const n = ++loopbackSequence;
  return `127.${10 + ((n >> 16) % 200)}.${(n >> 8) & 255}.${1 + (n % 250)}`;
}

/** The environment of a server process under test, before what a test adds: loopback, the
 *  development outbox, no web build, warnings only. */
export function serverEnvironment(port: number, databaseUrl: string): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PORTAL_DEV_OUTBOX: '1',
    PORTAL_WEB_DIST: resolve(SERVER_DIR, 'reliability/no-web-build'),
    LOG_LEVEL: 'warn',
    // the harness reads the server's records
    LOG_FORMAT: 'json',
  };
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** Reuse the database of an earlier server (a restart); otherwise a fresh one is made. */
  database?: TestDatabase;
}

/** The portal as `npm start` runs it (the compiled server that globalSetup builds), in a child
 *  process, on a database of its own. */
export class ServerProcess {
  child: ChildProcess | null = null;
  port = 0;
  output = '';
  exitCode: number | null | undefined = undefined;
  exitSignal: NodeJS.Signals | null = null;
  private exited: Promise<void> = Promise.resolve();

  private constructor(
    readonly database: TestDatabase,
    private readonly env: Record<string, string>,
  ) {}

  static async start(options: ServerOptions = {}): Promise<ServerProcess> {
    const server = await ServerProcess.create(options);
    await server.launch();
    return server;
  }

  /** A server not started yet, on its database: for a test of what its first start does. */
  static async create(options: ServerOptions = {}): Promise<ServerProcess> {
    const database = options.database ?? (await createTestDatabase());
    // the harness only needs the name of the database; the server opens its own connections
    if (!options.database) await database.database.close();
    return new ServerProcess(database, options.env ?? {});
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get databaseUrl(): string {
    const config = this.database.config;
    return config.kind === 'postgres' ? config.url : `sqlite:${config.file}`;
  }

  /** Starts (or starts again) the server process and waits until it answers. */
  async launch(extraEnv: Record<string, string> = {}): Promise<void> {
    this.port = await freePort();
    this.exitCode = undefined;
    this.exitSignal = null;
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: SERVER_DIR,
      env: { ...serverEnvironment(this.port, this.databaseUrl), ...this.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (c: Buffer) => (this.output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (this.output += c.toString()));
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        done();
      }),
    );
    await this.waitUntilAnswering();
  }

  private async waitUntilAnswering(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitCode !== undefined) throw new Error(`server exited (${this.exitCode}) at start:\n${this.output}`);
      try {
        await httpCall(this.baseUrl, contract.currentUser.path, { timeoutMs: 2_000 });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.child !== null && this.exitCode === undefined;
  }

  /** A declared call, answering its `data`; or, for a test that sends a malformed request on
   *  purpose (or calls the OpenID provider's own endpoints), a path of its own. */
  call<D extends CallDeclaration>(declaration: D, options?: DeclaredRequestOptions): Promise<DeclaredReply<D>>;
  call(path: string, options?: RequestOptions): Promise<HttpReply>;
  async call(target: string | CallDeclaration, options: RequestOptions | DeclaredRequestOptions = {}) {
    if (typeof target === 'string') return httpCall(this.baseUrl, target, options as RequestOptions);
    return declaredCall(this.baseUrl, target, options as DeclaredRequestOptions);
  }

  /** The newest code the development outbox holds for a phone or email (delivery may lag the answer). */
  async latestCode(to: string, waitMs = 5_000): Promise<string | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const reply = await this.call(contract.devOutbox, { query: { to } });
      const text = reply.code === 0 ? reply.data[0]?.text : undefined;
      const code = text?.match(/\b(\d{6})\b/)?.[1] ?? null;
      if (code || Date.now() > deadline) return code;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** How many messages the development outbox holds for a phone or email. */
  async messageCount(to: string): Promise<number> {
    const reply = await this.call(contract.devOutbox, { query: { to } });
    return reply.code === 0 ? reply.data.length : 0;
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.alive) return;
    this.child!.kill(signal);
    await this.exited;
  }

  waitForExit(): Promise<void> {
    return this.exited;
  }

  /** A direct connection to the server's database, for fixtures and for checking what was written. */
  openDatabase(): Db {
    return openDatabase(this.database.config);
  }

  /** Stops the process and drops its database. */
  async close(): Promise<void> {
    await this.stop('SIGKILL');
    await this.database.drop();
  }
}

/** Two server processes of one installation, as behind a load balancer: one database, and one Redis
 *  under a key prefix of their own; `db` a connection of the test's to the same database. */
export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  db: Db;
  close(): Promise<void>;
}

export async function twoProcesses(): Promise<TwoProcesses> {
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:`,
  };
  const a = await ServerProcess.start({ env: { ...env } });
  const b = await ServerProcess.start({ env, database: a.database });
  const db = a.openDatabase();
  return {
    a,
    b,
    db,
    async close() {
      await db.close();
      await b.stop('SIGKILL');
      await a.close();
    },
  };
}

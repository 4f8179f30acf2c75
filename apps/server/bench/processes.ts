/**
 * The servers under measurement, each a process of its own on its own free port: what is measured is
 * what a client meets over TCP, and the driver's own work never lands on the server's event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = resolve(BENCH_DIR, '..');
export const REPO_ROOT = resolve(SERVER_DIR, '../..');
export const LOOP_PROBE = join(BENCH_DIR, 'loop-probe.mjs');

/** The portal as production runs it: the build of `npm run build` (apps/server/dist). */
export const PORTAL_ARGS = [...SERVER_NODE_FLAGS, join(SERVER_DIR, 'dist/server.js')];

/** The portal's environment in the bench, on `databaseUrl`: each simulated client speaks through the
 *  local "proxy" with its own X-Forwarded-For; as in production, no development outbox and no API
 *  documentation. */
export function portalEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    PORTAL_DEV_OUTBOX: '0',
    API_DOCS: '0',
  };
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export interface Running {
  name: string;
  pid: number;
  url: string;
  /** Seconds from spawn to the first 200 of the ready path. */
  readySeconds: number;
  /** Resident memory (VmRSS) in MiB, read from /proc. */
  rssMiB(): number;
  /** CPU time (user + system) spent so far, in seconds. */
  cpuSeconds(): number;
  /** The event-loop delay since the previous call (only with `probe`). */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Arguments of `node`. */
  args: string[];
  env?: Record<string, string>;
  /** Polled until it answers 200. */
  readyPath: string;
  /** Preload the event-loop probe and open an IPC channel to it. */
  probe?: boolean;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The environment of a spawned process: the bench's own, without NODE_ENV (a server decides its mode
 * from the variables it is given), and with the thread pool `npm start` gives the server
 * (scripts/start.mjs: one argon2 computation per core beside libuv's four), so that the portal, its
 * ceilings and the raw verifies all hash on the same pool.
 */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { UV_THREADPOOL_SIZE: String(availableParallelism() + 4), ...process.env, ...extra };
  delete env.NODE_ENV;
  return env;
}

/** Polls `url` until it answers 200, or throws when `exited()` says the process ended first. */
export async function waitFor200(url: string, exited: () => string | null, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const ended = exited();
    if (ended) throw new Error(ended);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}

/** Polls `url` until nothing listens there any more: a server stopped has finished its drain. */
export async function waitUntilClosed(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      await (await fetch(url)).arrayBuffer();
    } catch {
      return;
    }
    await sleep(50);
  }
  throw new Error(`${url} still answers ${timeoutMs / 1000} s after its server was stopped`);
}

/** /proc/<pid>/status and /proc/<pid>/stat: Linux only, like the machine the figures describe. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

const CLOCK_TICKS_PER_SECOND = 100;

export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name may hold spaces: the fields are counted after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The children of `pid`, from each process's parent in /proc/<pid>/stat (field 4). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // ended while the list was read
    }
  }
  return children;
}

/**
 * CPU of a process and its children: a cluster's primary and its workers. Only the living count, so
 * the figure is right while no worker ends during the measured run.
 */
export function treeCpuSeconds(pid: number): number {
  let total = cpuSeconds(pid);
  for (const child of childrenOf(pid)) {
    try {
      total += cpuSeconds(child);
    } catch {
      // ended since it was listed
    }
  }
  return total;
}

function lastOutput(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

export async function startServer(options: StartOptions): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = options.probe ? ['--import', LOOP_PROBE, ...options.args] : options.args;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: serverEnv({ ...options.env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe', ...(options.probe ? (['ipc'] as const) : [])],
  });
  const output = lastOutput(child);
  let stopping = false;
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    if (!stopping) exit = `${options.name} exited (${signal ?? code}) before it was stopped:\n${output()}`;
  });
  try {
    await waitFor200(url + options.readyPath, () => exit);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readySeconds = (performance.now() - started) / 1000;
  const pid = child.pid!;
  return {
    name: options.name,
    pid,
    url,
    readySeconds,
    rssMiB: () => rssMiB(pid),
    cpuSeconds: () => cpuSeconds(pid),
    loopDelay: () =>
      new Promise((done, fail) => {
        if (!child.send) return fail(new Error(`${options.name} runs without the loop probe`));
        child.once('message', (message) => done((message as { loopDelay: LoopDelay }).loopDelay));
        child.send('loop-delay');
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(forced);
    },
  };
}

/** Runs a command to its end, failing with its output if it fails. */
export async function run(command: string, args: string[], cwd = REPO_ROOT): Promise<string> {
  const child = spawn(command, args, { cwd, env: serverEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = lastOutput(child);
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${output()}`);
  return output();
}

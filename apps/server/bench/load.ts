/**
 * Load from this process with autocannon, one HTTP/1.1 keep-alive connection per simulated client.
 * Each request carries its own X-Forwarded-For (the servers trust 127.0.0.1 as their proxy), so that
 * the per-address limits of the portal see many clients and do not hide its throughput; the refusals
 * met anyway are counted by HTTP status and envelope code, never hidden.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { LoopDelay, Running } from './processes.ts';

export interface LoadOptions {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  rate?: number;
  /** Each request's own headers and body. */
  next: () => { headers?: Record<string, string>; body?: string };
  /** Whether an answer counts as served; the portal's envelope with code 0 when unset (the provider's
   *  answers have none). */
  served?: (status: number, body: string) => boolean;
}

export interface LoadResult {
  name: string;
  connections: number;
  responses: number;
  /** Answers with status 200 and envelope code 0. */
  ok: number;
  okPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Refused answers by "<status>/<envelope code>", e.g. "429/1000429". */
  refusals: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface LoadRun {
  results: LoadResult[];
  seconds: number;
  /** CPU of the server and of this driver process, in cores (1 = one core busy all the time). */
  serverCores: number | null;
  driverCores: number;
  loopDelay: LoopDelay | null;
}

export const WARMUP_SECONDS = 1.5;
export const LOAD_SECONDS = 6;

export function randomClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 256);
  return `10.${octet()}.${octet()}.${1 + Math.floor(Math.random() * 254)}`;
}

const ENVELOPE_CODE = /"code":(-?\d+)/;

function drive(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const result: LoadResult = {
    name: options.name,
    connections: options.connections,
    responses: 0,
    ok: 0,
    okPerSecond: 0,
    latencyMs: { p50: 0, p99: 0, max: 0 },
    refusals: {},
    errors: 0,
  };
  return new Promise((done, fail) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        timeout: 30,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: [
          {
            method: options.method,
            path: options.path,
            setupRequest: (request) => {
              const own = options.next();
              return {
                ...request,
                headers: { ...request.headers, ...own.headers },
                ...(own.body === undefined ? {} : { body: own.body }),
              };
            },
            onResponse: (status, body) => {
              result.responses++;
              const code = ENVELOPE_CODE.exec(body)?.[1] ?? 'none';
              if (options.served ? options.served(status, body) : status === 200 && code === '0') result.ok++;
              else result.refusals[`${status}/${code}`] = (result.refusals[`${status}/${code}`] ?? 0) + 1;
            },
          },
        ],
      },
      (error, summary) => {
        if (error) return fail(error);
        result.okPerSecond = result.ok / summary.duration;
        result.latencyMs = { p50: summary.latency.p50, p99: summary.latency.p99, max: summary.latency.max };
        result.errors = summary.errors + summary.timeouts;
        done(result);
      },
    );
  });
}

/**
 * Runs the loads side by side: a warm-up (the server's JIT, caches and pools settle; not counted),
 * then the measured run, over which the server's CPU, this driver's CPU and, when the server runs with
 * the loop probe, its event-loop delay are taken.
 */
export async function runLoads(loads: LoadOptions[], server: Running, probe = false): Promise<LoadRun> {
  await Promise.all(loads.map((load) => drive(load, WARMUP_SECONDS)));
  if (probe) await server.loopDelay();
  const serverCpu = server.cpuSeconds();
  const driverCpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(loads.map((load) => drive(load, LOAD_SECONDS)));
  const seconds = (performance.now() - started) / 1000;
  const driverUsed = process.cpuUsage(driverCpu);
  return {
    results,
    seconds,
    serverCores: (server.cpuSeconds() - serverCpu) / seconds,
    driverCores: (driverUsed.user + driverUsed.system) / 1e6 / seconds,
    loopDelay: probe ? await server.loopDelay() : null,
  };
}

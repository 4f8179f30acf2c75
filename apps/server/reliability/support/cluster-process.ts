import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { contract } from '@portal/shared/api/contract';
import { freePort, httpCall, serverEnvironment } from './server-process.ts';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** One line of a process's JSON log (pino): who wrote it, and what it says. */
export interface LogRecord {
  pid: number;
  msg: string;
  worker?: number;
  [field: string]: unknown;
}

/** `node dist/cluster.js` as production runs it, with the log at `info`, where the primary tells of
 *  its workers: started (`worker`), ended, and each worker's own `portal ready`. */
export class ClusterProcess {
  readonly records: LogRecord[] = [];
  output = '';
  exitCode: number | null | undefined = undefined;
  private readonly exited: Promise<void>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) this.records.push(JSON.parse(line) as LogRecord);
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = once(child, 'exit').then(([code]) => void (this.exitCode = code as number | null));
  }

  static async start(databaseUrl: string, env: Record<string, string>): Promise<ClusterProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/cluster.js'], {
      cwd: SERVER_DIR,
      env: { ...serverEnvironment(port, databaseUrl), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ClusterProcess(child, port);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The first log record that matches, once it has been written. */
  async waitForRecord(matches: (record: LogRecord) => boolean, timeoutMs = 30_000): Promise<LogRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.records.find(matches);
      if (found) return found;
      if (this.exitCode !== undefined) throw new Error(`the primary exited (${this.exitCode}):\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no such log record within ${timeoutMs} ms:\n${this.output}`);
      await sleep(50);
    }
  }

  /** Waits until the worker of this process id answers on the shared port. */
  async waitForWorkerReady(pid: number): Promise<void> {
    await this.waitForRecord((r) => r.pid === pid && r.msg.startsWith('portal ready'));
  }

  /** The process ids of the workers the primary has started, oldest first. */
  get startedWorkers(): number[] {
    return this.records.filter((r) => r.pid === this.pid && r.msg === 'worker started').map((r) => r.worker!);
  }

  health(): Promise<number> {
    return httpCall(this.baseUrl, contract.health.path, { timeoutMs: 5_000 }).then((reply) => reply.status);
  }

  /** Sends a signal to the primary and waits for it to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.child.kill(signal);
    await this.exited;
  }

  waitForExit(): Promise<void> {
    return this.exited;
  }
}

/**
 * `npm start`: builds the web app and the server only when their sources are newer than their last
 * build, then runs the compiled server (`apps/server/dist/cluster.js`): one server process, or with
 * WEB_CONCURRENCY=N a primary that runs N of them on the same port.
 *
 * The server runs as a child process rather than being imported here, because the size of libuv's
 * thread pool is read once, when the pool first starts, and Node's ES module loader starts it while
 * reading this very file: only a process started with UV_THREADPOOL_SIZE in its environment gets the
 * size. The child has a process group of its own, so that a Ctrl-C in the terminal reaches it once,
 * through this process, and a second Ctrl-C still ends it at once. The cluster's workers inherit the
 * thread pool's size from it, each a pool of its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = resolve(import.meta.dirname, '..');
const at = (...parts) => join(root, ...parts);
const SHARED_SOURCES = [at('packages/shared/src'), at('packages/shared/package.json')];

const BUILDS = [
  {
    name: 'web app',
    marker: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...SHARED_SOURCES,
    ],
    command: ['npm', ['run', 'build', '-w', '@portal/web']],
  },
  {
    name: 'server',
    marker: at('apps/server/dist/cluster.js'),
    sources: [at('apps/server/src'), at('apps/server/build.mjs'), at('apps/server/package.json'), ...SHARED_SOURCES],
    command: ['npm', ['run', 'build', '-w', '@portal/server']],
  },
];

/** The newest modification time under a file or folder; 0 when it does not exist. */
function newestChange(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

for (const { name, marker, sources, command } of BUILDS) {
  const built = newestChange(marker);
  if (built && Math.max(...sources.map(newestChange)) <= built) continue;
  console.log(built ? `${name}: sources changed since the last build, building` : `${name}: not built yet, building`);
  const { status } = spawnSync(command[0], command[1], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

// argon2 runs on this pool, at most one computation per core (libraries/platform/passwords.ts); the four
// threads libuv has by default stay free for files, compression and DNS look-ups meanwhile
const threadPool = process.env.UV_THREADPOOL_SIZE ?? String(availableParallelism() + 4);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, at('apps/server/dist/cluster.js')], {
  cwd: root,
  env: { ...process.env, UV_THREADPOOL_SIZE: threadPool },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => server.kill(signal);
for (const signal of FORWARDED) process.on(signal, forward);
// should this process end some other way, the server, in its own process group, must not outlive it
process.on('exit', () => server.exitCode === null && server.signalCode === null && server.kill('SIGTERM'));

server.on('error', (error) => {
  console.error(`the server did not start: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  for (const name of FORWARDED) process.off(name, forward);
  // ended by a signal: end the same way, so that whoever started `npm start` sees it
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});

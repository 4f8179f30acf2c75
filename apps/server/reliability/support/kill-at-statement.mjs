// Loaded into a server under test with `node --import` (NODE_OPTIONS): kills the process with SIGKILL,
// as a power cut or the OOM killer would, at the moment it first prepares an SQL statement that
// contains KILL_AT_STATEMENT. The server's own better-sqlite3 is the one patched here: Node loads a
// package once per process, whoever imports it.
import { createRequire } from 'node:module';

const marker = process.env.KILL_AT_STATEMENT;
if (marker) {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (source, ...rest) {
    if (String(source).includes(marker)) process.kill(process.pid, 'SIGKILL');
    return prepare.call(this, source, ...rest);
  };
}

import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suite runs the server as production does, compiled: built once before any file starts one. */
export default function buildServer(): void {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: resolve(dirname(fileURLToPath(import.meta.url)), '../..'),
    stdio: 'inherit',
  });
}

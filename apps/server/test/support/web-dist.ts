import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A minimal page, for tests that only need the web app to be built. */
export const PAGE = '<!doctype html><html><head></head><body></body></html>';

/** A web build of its own in a temporary folder: each file by its path inside the build. */
export function temporaryWebDist(files: Record<string, string | Buffer>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

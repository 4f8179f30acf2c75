import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const SOURCE = fileURLToPath(new URL('./bare-react/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface BareReactPage {
  url: string;
  close(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * The bare React page, built now with the same Vite and React as the portal (so both sides move
 * together when either is upgraded) and served on a free port. Files are compressed once at start,
 * brotli at its best level and gzip, and each answer picks what the browser accepts: the best a
 * static host can do, which is what the portal's figures are compared with.
 */
export async function startBareReactPage(): Promise<BareReactPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'bench-bare-react-'));
  await build({
    configFile: false,
    root: SOURCE,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });

  const assets = new Map<string, Asset>();
  for (const file of await filesUnder(outDir)) {
    const raw = await readFile(file);
    assets.set(`/${relative(outDir, file)}`, {
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    });
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // any path that is not a file is the page itself, as with the portal's history fallback
    const asset = assets.get(path) ?? assets.get('/index.html')!;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? ['br', asset.br]
      : /\bgzip\b/.test(accepted)
        ? ['gzip', asset.gzip]
        : [null, asset.raw];
    response.setHeader('content-type', asset.type);
    response.setHeader('cache-control', 'no-cache');
    response.setHeader('vary', 'accept-encoding');
    if (encoding) response.setHeader('content-encoding', encoding);
    response.setHeader('content-length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

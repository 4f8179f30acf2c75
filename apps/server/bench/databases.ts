/**
 * A database of the bench's own for each engine: a SQLite file in a temporary directory, or a
 * PostgreSQL database `portal_bench_<random>` created beside the one DATABASE_URL names and dropped
 * afterwards, so that a bench never touches data it did not make.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  /** DATABASE_URL for the portal. */
  url: string;
  drop(): Promise<void>;
}

export function temporarySqlite(): BenchDatabase & { file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const file = join(dir, 'portal.db');
  return { file, url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** As user postgres on the server DATABASE_URL names. */
export async function temporaryPostgres(serverUrl: string): Promise<BenchDatabase> {
  const admin = new URL(serverUrl);
  admin.username = 'postgres';
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListedMigrations } from '../src/db/migrate.ts';

const FOLDER = resolve(import.meta.dirname, '../src/db/migrations');

/** The migrations are listed by hand, so that bundling cannot change the set: a file written and not
 *  listed would never run, and one listed twice or out of order would run in the wrong place. */
describe('the list of migrations', () => {
  it('names every file of the migrations folder once, in the order of their numbers', async () => {
    const files = readdirSync(FOLDER)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    const listed = Object.keys(await new ListedMigrations('sqlite').getMigrations());
    expect(listed).toEqual(files);
  });
});

import { type Compilable, type RawBuilder, sql } from 'kysely';
import { nameStatement } from '../db/named-statements.ts';
import type { Executor } from './executor.ts';

/**
 * A query that Kysely builds and compiles once per database instead of at every call: on the reads
 * every page makes, parsing and compiling the builder's tree cost more than the database takes to run
 * the statement. The compiled text is kept as the fragments between its parameters and each call
 * fills in its own values; it is still a Kysely query, run through the database's plugins as any other.
 * `sample` holds a distinct value for each parameter, in the order the query uses them. Its text never
 * varies, so PostgreSQL keeps it prepared on each connection (db/named-statements.ts).
 */
export function compiledOnce<Params extends unknown[], Row>(
  build: (db: Executor, ...params: Params) => Compilable<Row>,
  sample: Params,
): (db: Executor, ...params: Params) => RawBuilder<Row> {
  const templates = new WeakMap<Executor, TemplateStringsArray>();
  return (db, ...params) => {
    let template = templates.get(db);
    if (!template) {
      // compiled, not run: the plugins see the statement when it runs
      const bare = db.withoutPlugins();
      template = templateOf(bare, build(bare, ...sample), sample);
      templates.set(db, template);
    }
    return sql<Row>(template, ...params);
  };
}

/** The compiled statement cut at its parameters (`?` on SQLite, `$n` on PostgreSQL); it must give back
 *  the very statement, with the parameters in the same order, or the query is not one this can hold. */
function templateOf(db: Executor, query: Compilable<unknown>, sample: unknown[]): TemplateStringsArray {
  const compiled = query.compile();
  const fragments = compiled.sql.split(/\?|\$\d+/);
  const template = Object.assign(fragments, { raw: fragments });
  const again = sql(template, ...sample).compile(db);
  const same =
    again.sql === compiled.sql &&
    compiled.parameters.length === sample.length &&
    compiled.parameters.every((value, i) => value === sample[i]);
  if (!same) throw new Error(`a query that cannot be compiled once: ${compiled.sql}`);
  nameStatement(compiled.sql);
  return template;
}

import { type KyselyPlugin, SqliteQueryCompiler } from 'kysely';

/** The statements the app runs, as SQL text (SQLite's spelling on both engines: only their shape matters). */
export function statementLog() {
  const compiler = new SqliteQueryCompiler();
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(compiler.compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    plugin,
    /** The statements of one step, the log emptied before it. */
    async of(step: () => Promise<unknown>): Promise<string[]> {
      statements.length = 0;
      await step();
      return [...statements];
    },
  };
}

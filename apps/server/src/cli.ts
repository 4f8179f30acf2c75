import { parseArgs } from 'node:util';
import pino from 'pino';
import type { AppContext } from './context.ts';
import { ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './libraries/demo-seed.ts';
import { UnknownNameError, grantProducts, revokeProducts } from './libraries/product-rights.ts';
import { runtimeConfig } from './runtime.ts';

const USAGE = `usage: npm run portal -- <command> [options] [--json]

commands:
  migrate                                          apply pending migrations
  seed-demo                                        create the demo tenant (if absent)
  grant  --enterprise <domain> --product <code>... give an enterprise product rights
  revoke --enterprise <domain> --product <code>... take product rights away`;

class UsageError extends Error {}

type Output = { json: boolean; print(human: string, data: unknown): void };

async function run(argv: string[], out: Output): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      enterprise: { type: 'string' },
      product: { type: 'string', multiple: true },
      help: { type: 'boolean', default: false },
    },
  });
  const [command] = positionals;
  if (!command || values.help) throw new UsageError(USAGE);

  const config = runtimeConfig();
  const database = openDatabase(config.database);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    log: pino({ level: 'silent' }),
    now: Date.now,
  };
  try {
    const applied = await migrateToLatest(database);
    switch (command) {
      case 'migrate':
        return out.print(applied.length ? `applied: ${applied.join(', ')}` : 'up to date', { applied });
      case 'seed-demo': {
        const result = await seedDemo(ctx);
        const accounts = result.accounts.map((a) => `  ${a.account} / ${a.password}`).join('\n');
        return out.print(
          `${result.created ? 'demo tenant created' : 'demo tenant already present'}\n${accounts}`,
          result,
        );
      }
      case 'grant':
      case 'revoke': {
        if (!values.enterprise || !values.product?.length)
          throw new UsageError(`${command} needs --enterprise and --product\n\n${USAGE}`);
        await (command === 'grant' ? grantProducts : revokeProducts)(ctx, values.enterprise, values.product);
        return out.print(
          `${command === 'grant' ? 'granted' : 'revoked'} ${values.product.join(', ')} for ${values.enterprise}`,
          {
            enterprise: values.enterprise,
            products: values.product,
          },
        );
      }
      default:
        throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

const json = process.argv.includes('--json');
const out: Output = {
  json,
  print: (human, data) => console.log(json ? JSON.stringify(data) : human),
};
run(process.argv.slice(2), out).catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof UnknownNameError || error instanceof ConfigError;
  const message = known ? error.message : String(error instanceof Error ? error.stack : error);
  if (json) console.error(JSON.stringify({ error: message }));
  else console.error(message);
  process.exit(known && error instanceof UsageError ? 2 : 1);
});

import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './libraries/demo-seed.ts';
import { runtimeConfig } from './runtime.ts';

async function main() {
  const config = runtimeConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database);
  const app = await buildApp({ config, database });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (!config.webDist)
    app.log.warn('web app not built (apps/web/dist missing): serving the API only; run `npm run build`');

  // the demo tenant, only on the first start of an empty embedded database, never in production
  if (config.database.kind === 'sqlite' && !config.production && applied.includes('0001-initial')) {
    const demo = await seedDemo(app.ctx);
    if (demo.created) {
      const lines = demo.accounts.map(
        (a) => `    account ${a.account} / password ${a.password}  (phone ${a.phone}, email ${a.email})`,
      );
      // plain text on purpose: this is the quick start's instruction to a person, not a log record
      console.log(
        `\nDemo tenant created. Open ${config.publicUrl} and sign in with the Account tab:\n${lines.join('\n')}\n`,
      );
    }
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, closing`);
      await app.close();
      await database.close();
      process.exit(0);
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `portal ready at ${config.publicUrl}${config.devOutbox ? ' (development outbox on: /api/dev/outbox?to=)' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError } from './config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { seedDemo } from './libraries/company/demo-seed.ts';
import { devLogStream } from './plugins/dev-log.ts';
import { createLogger } from './plugins/logger.ts';
import { quietExperimentalWarnings } from './process-warnings.ts';
import { runtimeConfig } from './runtime.ts';

// the server process only: the command line and the tests keep Node's warnings as they are
quietExperimentalWarnings();

/** Connections the kernel completes before the server takes them in. Beyond Node's 511 those of a
 *  burst are dropped, and their clients send again only after 1, 2, 4, 8 s: a tail past the request
 *  timeout that no answer of the server can shorten. The kernel caps it at net.core.somaxconn. */
const LISTEN_BACKLOG = 4_096;

/** Where the sample product (examples/product-app) looks for the portal when PORTAL_ISSUER is unset. */
const SAMPLE_PRODUCT_ISSUER = 'http://localhost:8080';

/**
 * Stops accepting connections, lets the requests in flight finish (what arrives meanwhile on a
 * kept-alive connection is answered with 1000503, and every answer closes its connection), runs the
 * app's onClose hooks (message delivery, Redis), closes the database and exits. If that takes longer
 * than SHUTDOWN_TIMEOUT_SECONDS, the process exits anyway, with status 1.
 */
async function shutDown(app: FastifyInstance, database: Db, config: Config, signal: string): Promise<never> {
  const seconds = config.shutdownTimeoutMs / 1000;
  app.log.info(`${signal} received: draining, for at most ${seconds} s`);
  setTimeout(() => {
    app.log.error(`shutdown did not finish within ${seconds} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('closed');
  process.exit(0);
}

async function main() {
  const config = runtimeConfig();
  // a person reads the log on a terminal: one line a request; collectors (and test harnesses) read JSON
  const lines = config.logFormat === 'lines';
  const log = createLogger(config.logLevel, lines ? devLogStream() : undefined);
  const database = openDatabase(config.database, {
    log,
    connectTimeoutMs: config.databaseTimeoutMs,
    statementTimeoutMs: config.databaseTimeoutMs,
    idleTransactionTimeoutMs: config.requestTimeoutMs,
  });
  const applied = await prepareDatabase(config, database, log);
  const app = await buildApp({ config, database, logger: log, requestLines: lines });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (!config.webDist)
    app.log.warn('web app not built (apps/web/dist missing): serving the API only; run `npm run build`');

  // the demo tenant of the quick start, on every start on the embedded database outside production:
  // made whenever it is missing, not only by the start that created the database, and completed when
  // a part of it is missing, so that a first start that died part way leaves nothing to repair by hand
  if (config.database.kind === 'sqlite' && !config.production) {
    const demo = await seedDemo(app.ctx);
    if (demo.created) {
      const lines = demo.accounts.map(
        (a) => `    account ${a.account} / password ${a.password}  (phone ${a.phone}, email ${a.email})`,
      );
      const companies = demo.companies.map((c) => `${c.domain} (${c.name})`).join(', ');
      // the sample product looks for the portal at its own default (examples/product-app/config.ts):
      // on another address it is told where the portal is, or its sign-ins go nowhere
      const issuer = config.oidcIssuer === SAMPLE_PRODUCT_ISSUER ? '' : `PORTAL_ISSUER=${config.oidcIssuer} `;
      // plain text on purpose: this is the quick start's instruction to a person, not a log record
      console.log(
        `\nDemo tenant created. Open ${config.publicUrl} and sign in with the Account tab:\n${lines.join('\n')}\n` +
          `  Company domains, for \`npm run -s portal -- invite --enterprise <domain>\`: ${companies}\n` +
          `  The sample product's OpenID client: ${demo.client.clientId} / ${demo.client.secret} ` +
          `(${issuer}node --import tsx examples/product-app/server.ts, then open ${new URL(demo.client.redirectUri).origin})\n`,
      );
    } else if (demo.repaired.length) {
      app.log.warn(
        { added: demo.repaired },
        `the demo tenant was incomplete (an earlier start ended part way, or a part was deleted): added ${demo.repaired.join(', ')}; ` +
          `sign in as ${demo.accounts.map((a) => `${a.account} / ${a.password}`).join(' or ')}`,
      );
    }
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // once: the same signal again ends the process at once (a second Ctrl-C)
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void shutDown(app, database, config, signal);
    });
  }
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(
    `portal ready at ${config.publicUrl}${config.devOutbox ? ' (development outbox on: /api/dev/outbox?to=)' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { INVITATION_KINDS, type InvitationLink } from '@portal/shared/api/registration';
import { INVITATION_MAX_HOURS } from '@portal/shared/constants';
import { isProductCode } from '@portal/shared/products';
import { ConfigError } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './libraries/demo-seed.ts';
import { createInvitation } from './libraries/invitations.ts';
import { UnknownNameError, grantProducts, revokeProducts } from './libraries/product-rights.ts';
import { purgeExpired } from './libraries/retention.ts';
import { databaseThrottleStore } from './libraries/throttle-store.ts';
import { findEnterpriseByDomain } from './queries/enterprises.ts';
import { runtimeConfig } from './runtime.ts';

const USAGE = `usage: npm run portal -- <command> [options] [--json]

commands:
  migrate                                          apply pending migrations
  seed-demo                                        create the demo tenant (if absent)
  invite --kind admin [--products <code>,...] [--hours N]
                                                   a link for a new common company's administrator; the
                                                   company gets the products (default: settcntr;
                                                   --products '' for none)
  invite --kind owner|member --enterprise <domain> [--hours N]
                                                   a link into an existing company (owner company / member)
  grant  --enterprise <domain> --product <code>... give an enterprise product rights
  revoke --enterprise <domain> --product <code>... take product rights away
  purge                                            delete expired rows now (the server does it every hour)`;

class UsageError extends Error {}

/** `invite`: the options checked here (exit 2 with the usage), the enterprise resolved by domain (exit 1). */
async function inviteFromCommandLine(
  ctx: AppContext,
  options: { kind?: string; enterprise?: string; hours?: string; products?: string[] },
): Promise<InvitationLink> {
  const kind = INVITATION_KINDS.find((k) => k === options.kind);
  if (!kind) throw new UsageError(`invite needs --kind admin, owner or member\n\n${USAGE}`);
  if ((kind === 'admin') !== (options.enterprise === undefined)) {
    const need = kind === 'admin' ? 'takes no --enterprise' : 'needs --enterprise <domain>';
    throw new UsageError(`invite --kind ${kind} ${need}\n\n${USAGE}`);
  }
  const hours = options.hours === undefined ? undefined : Number(options.hours);
  if (hours !== undefined && !(hours > 0 && hours <= INVITATION_MAX_HOURS)) {
    throw new UsageError(`--hours must be a number above 0 and at most ${INVITATION_MAX_HOURS}\n\n${USAGE}`);
  }
  // `--products ''` gives none
  const products = options.products
    ?.flatMap((list) => list.split(','))
    .map((code) => code.trim())
    .filter(Boolean);
  if (products && kind !== 'admin') throw new UsageError(`invite --kind ${kind} takes no --products\n\n${USAGE}`);
  const unknown = products?.filter((code) => !isProductCode(code)) ?? [];
  if (unknown.length) throw new UnknownNameError(`unknown product code: ${unknown.join(', ')}`);
  let enterpriseId: number | null = null;
  if (options.enterprise !== undefined) {
    const enterprise = await findEnterpriseByDomain(ctx.db, options.enterprise);
    if (!enterprise) throw new UnknownNameError(`unknown enterprise: ${options.enterprise}`);
    enterpriseId = enterprise.id;
  }
  // the operator is no user: inviterName stays null
  const { id, url, expiresAt } = await createInvitation(ctx, {
    kind,
    enterpriseId,
    createdBy: null,
    hours,
    ...(products ? { products: products.filter(isProductCode) } : {}),
  });
  return { id, url, expiresAt };
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        enterprise: { type: 'string' },
        kind: { type: 'string' },
        hours: { type: 'string' },
        product: { type: 'string', multiple: true },
        products: { type: 'string', multiple: true },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // an unknown option or one without its value is a usage mistake, not a failure
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

type Print = (human: string, data: unknown) => void;

async function run(argv: string[], env: NodeJS.ProcessEnv, print: Print): Promise<void> {
  const { positionals, values } = parseOptions(argv);
  const [command] = positionals;
  if (!command || values.help) throw new UsageError(USAGE);

  const config = runtimeConfig(env);
  const database = openDatabase(config.database);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    log: pino({ level: 'silent' }),
    now: Date.now,
    // the operator's commands throttle nothing; this is only for the shape of the context
    throttles: databaseThrottleStore(database),
  };
  try {
    const applied = await migrateToLatest(database);
    switch (command) {
      case 'migrate':
        return print(applied.length ? `applied: ${applied.join(', ')}` : 'up to date', { applied });
      case 'seed-demo': {
        const result = await seedDemo(ctx);
        const accounts = result.accounts.map((a) => `  ${a.account} / ${a.password}  (${a.email})`).join('\n');
        const companies = result.companies.map((c) => `  ${c.domain}: ${c.name}`).join('\n');
        const state = result.created ? 'demo tenant created' : 'demo tenant already present';
        return print(`${state}\n${accounts}\ncompany domains:\n${companies}`, result);
      }
      case 'invite': {
        const link = await inviteFromCommandLine(ctx, values);
        return print(`${link.url}\nexpires at ${link.expiresAt}`, link);
      }
      case 'grant':
      case 'revoke': {
        if (!values.enterprise || !values.product?.length)
          throw new UsageError(`${command} needs --enterprise and --product\n\n${USAGE}`);
        await (command === 'grant' ? grantProducts : revokeProducts)(ctx, values.enterprise, values.product);
        return print(
          `${command === 'grant' ? 'granted' : 'revoked'} ${values.product.join(', ')} for ${values.enterprise}`,
          {
            enterprise: values.enterprise,
            products: values.product,
          },
        );
      }
      case 'purge': {
        const purged = await purgeExpired(ctx);
        const lines = Object.entries(purged).map(([table, rows]) => `  ${table}: ${rows}`);
        return print(`deleted expired rows:\n${lines.join('\n')}`, purged);
      }
      default:
        throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** The whole command line short of the process: the exit code is returned (0 done, 1 failed, 2 usage),
 *  so that the tests run it in their own process rather than paying for a Node start per command. */
export async function runCli(argv: string[], { env, stdout, stderr }: CliIo): Promise<number> {
  // looked for before parsing, so that a usage mistake is reported as JSON too
  const json = argv.includes('--json');
  const print: Print = (human, data) => stdout.write(`${json ? JSON.stringify(data) : human}\n`);
  try {
    await run(argv, env, print);
    return 0;
  } catch (error) {
    const known = error instanceof UsageError || error instanceof UnknownNameError || error instanceof ConfigError;
    const message = known ? error.message : String(error instanceof Error ? error.stack : error);
    stderr.write(`${json ? JSON.stringify({ error: message }) : message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

// the tests import this module; only `npm run portal` runs it as the script
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}

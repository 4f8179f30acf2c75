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
import { seedDemo } from './libraries/company/demo-seed.ts';
import { createInvitation } from './libraries/company/invitations.ts';
import { UnknownNameError, grantProducts, revokeProducts } from './libraries/company/product-rights.ts';
import {
  ProductEndpointError,
  type ProductEndpointView,
  clearProductEndpoint,
  listProductEndpointViews,
  setProductEndpoint,
} from './libraries/integrations/webhooks/endpoints.ts';
import {
  ClientError,
  type ClientView,
  addClient,
  disableClient,
  listClientViews,
  CLIENT_SECRET_OVERLAP_DEFAULT_MS,
  rotateClientSecret,
  setClientResources,
} from './libraries/openid/clients.ts';
import { OpenIdService } from './libraries/openid/service.ts';
import { RETIRED_KEY_KEPT_MS, SIGNING_ALGS, loadKeySet, rotateSigningKeys } from './libraries/openid/signing-keys.ts';
import { purgeExpired } from './libraries/platform/retention.ts';
import { databaseThrottleStore } from './libraries/platform/throttle-store.ts';
import { operatorRevokeDevice, operatorSiteDevices } from './libraries/sites/devices.ts';
import {
  SupportStaffError,
  type SupportStaffView,
  addSupportStaff,
  removeSupportStaff,
  supportStaffViews,
} from './libraries/support/support-staff.ts';
import { findEnterpriseByDomain } from './queries/enterprises.ts';
import { runtimeConfig } from './runtime.ts';

const USAGE = `usage: npm run portal -- <command> [options] [--json]

commands:
  migrate                                          apply pending migrations
  seed-demo                                        create the demo tenant and the sample product's client
                                                   (if absent; refused in production)
  invite --kind admin [--products <code>,...] [--hours N]
                                                   a link for a new common company's administrator; the
                                                   company gets the products (default: settcntr;
                                                   --products '' for none)
  invite --kind owner --enterprise <domain> [--products <code>,...] [--hours N]
                                                   a link for an owner company under that company; it
                                                   gets the products, as an admin link's company does
  invite --kind member --enterprise <domain> [--hours N]
                                                   a link to join that company as a member
  grant  --enterprise <domain> --product <code>... give an enterprise product rights
  revoke --enterprise <domain> --product <code>... take product rights away
  purge                                            delete expired rows now (the server does it every hour)

  clients add --product <code> --redirect-uri <uri>... [--post-logout-uri <uri>...]
              [--backchannel-logout-uri <uri>] [--environment <name>] [--client-id <id>]
              [--name <text>] [--third-party] [--public] [--secret-in basic|post]
              [--resource <uri>...] [--device] [--id-token-alg RS256|ES256]
                                                   a product's OpenID client (id <product>-<environment>,
                                                   environment production unless named); its secret is
                                                   printed once; --device: it may sign a person in
                                                   by a code shown on its screen (RFC 8628);
                                                   --id-token-alg: what its ID tokens are signed with
                                                   (RS256 unless named; ES256 is cheaper to sign)
  clients set-resources <client-id> [--resource <uri>...]
                                                   the products' APIs the client may have access tokens
                                                   for (none named: its own product's API)
  clients list                                     every client, with its URIs and webhook endpoint
  clients rotate-secret <client-id> [--overlap <duration> | --until <time>]
                                                   a new secret, printed once; the old one stays valid
                                                   beside it for the overlap (24h unless named, such as
                                                   90m, 12h, 7d; at most 30d; 0 stops it now) or until
                                                   the time (ISO 8601, such as 2026-12-03T18:00Z)
  clients disable <client-id>                      refuse the client's sign-ins and token requests
  clients set-events <client-id> --url <https url> [--event <type>...]
                                                   the product's webhook endpoint: the events (all types
                                                   unless named) of every company holding the product;
                                                   a new endpoint's signing secret is printed once
  clients clear-events <client-id>                 remove the product's webhook endpoint
  support add --enterprise <domain> --person <account|email|phone>
                                                   name a person of the support company the platform's
                                                   support: they may enter a company that grants
                                                   support access, for its window
  support remove --person <account|email|phone>    no longer support staff
  support list                                     the platform's support staff
  devices list <site_id>                           the gateways claimed into a site, with their last use
  devices revoke <site_id> --gateway <dev_id>      revoke a gateway: its client stops at once
  keys rotate                                      for each algorithm (RS256, ES256): the published next
                                                   signing key starts signing, the one that signed is
                                                   retired, a new next one is published`;

class UsageError extends Error {}

/** The usage asked for with --help: printed on stdout, and not a failure. */
class HelpRequest extends Error {}

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
  if (products && kind === 'member') throw new UsageError(`invite --kind member takes no --products\n\n${USAGE}`);
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

const SECRET_NOT_SHOWN_AGAIN =
  "This secret is not shown again: keep it in the product's secret store now (rotate-secret gives a new one).";

const WEBHOOK_SECRET_NOT_SHOWN_AGAIN =
  "This secret is not shown again: keep it where the product's receiver verifies the webhook signatures.";

/** A product's webhook endpoint, as `clients set-events` prints it. */
function describeProductEndpoint(endpoint: ProductEndpointView): string {
  return [`  URL:          ${endpoint.url}`, `  event types:  ${endpoint.eventTypes.join(' ')}`].join('\n');
}

/** The endpoint in one line of `clients list`: where it is off, why. */
function endpointLine(endpoint: ProductEndpointView | null | undefined): string {
  if (!endpoint) return '-';
  const off = { enabled: '', failing: ', OFF: its deliveries kept failing', disabled: ', OFF' }[endpoint.status];
  return `${endpoint.url} (${endpoint.eventTypes.length} event types${off})`;
}

/** A client in a few lines, as `clients add` and `clients list` print it (the list with its endpoint). */
function describeClient(client: ClientView, events?: ProductEndpointView | null): string {
  const kind = client.public ? 'public (PKCE)' : `confidential (${client.authMethod})`;
  const party = client.firstParty ? 'first-party' : 'third-party (consent asked)';
  return [
    `${client.clientId}  ${client.productCode}  "${client.name}"  ${kind}, ${party}${client.disabled ? ', DISABLED' : ''}`,
    `  redirect URIs:     ${client.redirectUris.join(' ')}`,
    `  post-logout URIs:  ${client.postLogoutRedirectUris.join(' ') || '-'}`,
    `  back-channel URI:  ${client.backchannelLogoutUri ?? '-'}`,
    `  resources:         ${client.resources.join(' ')}${client.resourcesSet ? '' : " (its product's API)"}`,
    `  device sign-in:    ${client.device ? 'yes (RFC 8628)' : 'no'}`,
    `  ID tokens signed:  ${client.idTokenAlg}`,
    ...(events === undefined ? [] : [`  webhook endpoint:  ${endpointLine(events)}`]),
  ].join('\n');
}

/** `clients add`: the options checked here (exit 2 with the usage), the client itself by addClient (exit 1). */
async function addClientFromCommandLine(ctx: AppContext, options: ReturnType<typeof parseOptions>['values']) {
  const [product, ...more] = options.product ?? [];
  if (!product || more.length || !options['redirect-uri']?.length)
    throw new UsageError(`clients add needs one --product and at least one --redirect-uri\n\n${USAGE}`);
  const secretIn = options['secret-in'];
  if (secretIn !== undefined && secretIn !== 'basic' && secretIn !== 'post')
    throw new UsageError(`--secret-in must be basic or post\n\n${USAGE}`);
  if (secretIn && options.public) throw new UsageError(`a --public client has no secret to send\n\n${USAGE}`);
  const idTokenAlg = options['id-token-alg'];
  if (idTokenAlg !== undefined && !SIGNING_ALGS.some((alg) => alg === idTokenAlg))
    throw new UsageError(`--id-token-alg must be ${SIGNING_ALGS.join(' or ')}, not ${idTokenAlg}\n\n${USAGE}`);
  return addClient(ctx, {
    productCode: product,
    clientId: options['client-id'],
    environment: options.environment,
    name: options.name,
    redirectUris: options['redirect-uri'],
    postLogoutRedirectUris: options['post-logout-uri'],
    backchannelLogoutUri: options['backchannel-logout-uri'],
    firstParty: !options['third-party'],
    public: options.public,
    secretIn,
    resources: options.resource,
    device: options.device,
    idTokenAlg,
  });
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
        'redirect-uri': { type: 'string', multiple: true },
        'post-logout-uri': { type: 'string', multiple: true },
        'backchannel-logout-uri': { type: 'string' },
        environment: { type: 'string' },
        'client-id': { type: 'string' },
        name: { type: 'string' },
        'third-party': { type: 'boolean', default: false },
        public: { type: 'boolean', default: false },
        'secret-in': { type: 'string' },
        resource: { type: 'string', multiple: true },
        overlap: { type: 'string' },
        person: { type: 'string' },
        gateway: { type: 'string' },
        until: { type: 'string' },
        device: { type: 'boolean', default: false },
        'id-token-alg': { type: 'string' },
        url: { type: 'string' },
        event: { type: 'string', multiple: true },
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
  const [command, subcommand, argument] = positionals;
  if (values.help) throw new HelpRequest(USAGE);
  if (!command) throw new UsageError(USAGE);

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
        const accounts = result.accounts
          .map((a) => `  ${a.account} / ${a.password ?? '(password changed since the seed)'}  (${a.email})`)
          .join('\n');
        const companies = result.companies.map((c) => `  ${c.domain}: ${c.name}`).join('\n');
        const state = result.created
          ? 'demo tenant created'
          : result.repaired.length
            ? `demo tenant was incomplete: added ${result.repaired.join(', ')}`
            : 'demo tenant already present';
        const { clientId, secret, redirectUri } = result.client;
        const client = `OpenID client of the sample product (examples/product-app):\n  ${clientId} / ${secret ?? '(secret rotated since the seed)'}  (${redirectUri})`;
        return print(`${state}\n${accounts}\ncompany domains:\n${companies}\n${client}`, result);
      }
      case 'invite': {
        const link = await inviteFromCommandLine(ctx, values);
        return print(`${link.url}\nexpires at ${link.expiresAt}`, link);
      }
      case 'grant':
      case 'revoke': {
        if (!values.enterprise || !values.product?.length)
          throw new UsageError(`${command} needs --enterprise and --product\n\n${USAGE}`);
        // a revoked right ends the products' sessions begun through the OpenID provider, as the server would
        if (command === 'revoke') ctx.productSessions = new OpenIdService(ctx).productSessions();
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
        const { batches, skipped, ...purged } = await purgeExpired(ctx);
        if (skipped) return print('another process is purging now: nothing deleted', { skipped });
        const lines = Object.entries(purged).map(([table, rows]) => `  ${table}: ${rows}`);
        return print(`deleted expired rows in ${batches} batches:\n${lines.join('\n')}`, { ...purged, batches });
      }
      case 'clients':
        return await clientsCommand(ctx, subcommand, argument, values, print);
      case 'support':
        return await supportCommand(ctx, subcommand, values, print);
      case 'devices': {
        if (!argument || (subcommand !== 'list' && subcommand !== 'revoke'))
          throw new UsageError(`devices takes list or revoke, and a site id\n\n${USAGE}`);
        if (subcommand === 'list') {
          const devices = await operatorSiteDevices(ctx, argument);
          const lines = devices.map(
            (d) => `  ${d.deviceId}  ${d.serial}  ${d.state}  last used ${d.lastUsedAt ?? 'never'}`,
          );
          return print(lines.length ? lines.join('\n') : 'no gateways', { devices });
        }
        if (!values.gateway) throw new UsageError(`devices revoke needs --gateway\n\n${USAGE}`);
        const revoked = await operatorRevokeDevice(ctx, argument, values.gateway);
        return print(revoked ? `revoked ${values.gateway}` : `${values.gateway} was revoked already`, { revoked });
      }
      case 'keys': {
        if (subcommand !== 'rotate') throw new UsageError(`keys takes rotate\n\n${USAGE}`);
        await checkKeysOpen(ctx);
        const rotated = await rotateSigningKeys(ctx);
        const kept = RETIRED_KEY_KEPT_MS / 3_600_000;
        const lines = Object.entries(rotated).flatMap(([alg, keys]) => [
          `${alg}`,
          `  signing now:     ${keys.signing}`,
          `  published next:  ${keys.next}`,
          `  retired:         ${keys.retired.join(', ') || '-'}${keys.retired.length ? ` (still published for ${kept} hours, until the tokens it signed have expired)` : ''}`,
        ]);
        return print([...lines, 'Running servers pick up the new keys within a minute.'].join('\n'), rotated);
      }
      default:
        throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

/** The stored keys open with this configuration's OIDC_KEYS_SECRET: a rotation run without the
 *  servers' secret would store its new keys in plain text, or under a key the servers lack. */
async function checkKeysOpen(ctx: AppContext): Promise<void> {
  try {
    await loadKeySet(ctx);
  } catch (error) {
    const why = ctx.config.oidcKeysSecret
      ? 'the stored keys do not open with this one'
      : String((error as Error).message);
    throw new ConfigError(`keys rotate needs the servers' OIDC_KEYS_SECRET: ${why}`);
  }
}

const DURATION_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The end of a rotated secret's overlap from `--overlap <duration>` or `--until <time>` (one of
 *  the two; neither: the default overlap). */
function overlapEnd(ctx: AppContext, values: { overlap?: string; until?: string }): number {
  if (values.overlap !== undefined && values.until !== undefined) {
    throw new UsageError(`clients rotate-secret takes --overlap or --until, not both\n\n${USAGE}`);
  }
  if (values.until !== undefined) {
    const until = Date.parse(values.until);
    if (Number.isNaN(until)) throw new UsageError(`--until must be a time such as 2026-12-03T18:00Z\n\n${USAGE}`);
    return until;
  }
  if (values.overlap === undefined) return ctx.now() + CLIENT_SECRET_OVERLAP_DEFAULT_MS;
  const match = /^(\d+)([smhd]?)$/.exec(values.overlap.trim());
  if (!match || (match[2] === '' && match[1] !== '0')) {
    throw new UsageError(`--overlap must be a duration such as 90m, 12h or 7d (0: none)\n\n${USAGE}`);
  }
  return ctx.now() + Number(match[1]) * (DURATION_UNITS_MS[match[2]!] ?? 0);
}

async function supportCommand(
  ctx: AppContext,
  subcommand: string | undefined,
  values: ReturnType<typeof parseOptions>['values'],
  print: Print,
): Promise<void> {
  const line = (one: SupportStaffView) =>
    `  ${one.name}${one.account ? ` (${one.account})` : ''}  of ${one.domain}, since ${one.since}`;
  switch (subcommand) {
    case 'add': {
      if (!values.enterprise || !values.person)
        throw new UsageError(`support add needs --enterprise and --person\n\n${USAGE}`);
      const staff = await addSupportStaff(ctx, values.enterprise, values.person);
      return print(`support staff:\n${line(staff)}`, { staff });
    }
    case 'remove': {
      if (!values.person) throw new UsageError(`support remove needs --person\n\n${USAGE}`);
      // the removed person's sessions in companies end in their products too, as the server would
      ctx.productSessions = new OpenIdService(ctx).productSessions();
      await removeSupportStaff(ctx, values.person);
      return print(`${values.person} is no longer support staff`, { removed: values.person });
    }
    case 'list': {
      const staff = await supportStaffViews(ctx);
      return print(staff.length ? staff.map(line).join('\n') : 'no support staff', { staff });
    }
    default:
      throw new UsageError(`support takes add, remove or list\n\n${USAGE}`);
  }
}

async function clientsCommand(
  ctx: AppContext,
  subcommand: string | undefined,
  clientId: string | undefined,
  values: ReturnType<typeof parseOptions>['values'],
  print: Print,
): Promise<void> {
  if (
    (subcommand === 'rotate-secret' ||
      subcommand === 'disable' ||
      subcommand === 'set-resources' ||
      subcommand === 'set-events' ||
      subcommand === 'clear-events') &&
    !clientId
  )
    throw new UsageError(`clients ${subcommand} needs the client id\n\n${USAGE}`);
  switch (subcommand) {
    case 'add': {
      const { client, secret } = await addClientFromCommandLine(ctx, values);
      const shown = secret ? `\nclient secret: ${secret}\n${SECRET_NOT_SHOWN_AGAIN}` : '\npublic client: no secret';
      return print(`client added:\n${describeClient(client)}${shown}`, { client, secret });
    }
    case 'list': {
      const endpoints = new Map((await listProductEndpointViews(ctx)).map((e) => [e.clientId, e]));
      const clients = (await listClientViews(ctx)).map((client) => ({
        ...client,
        events: endpoints.get(client.clientId) ?? null,
      }));
      return print(
        clients.length ? clients.map((client) => describeClient(client, client.events)).join('\n') : 'no clients',
        { clients },
      );
    }
    case 'rotate-secret': {
      const { secret, previousUntil } = await rotateClientSecret(ctx, clientId!, overlapEnd(ctx, values));
      const old =
        previousUntil === null
          ? 'The old secret stopped working now.'
          : `The old secret stays valid beside the new one until ${new Date(previousUntil).toISOString()}: ` +
            'move every server of the product to the new one before then.';
      return print(`new secret of ${clientId}: ${secret}\n${old} ${SECRET_NOT_SHOWN_AGAIN}`, {
        clientId,
        secret,
        previousSecretValidUntil: previousUntil === null ? null : new Date(previousUntil).toISOString(),
      });
    }
    case 'set-resources': {
      const client = await setClientResources(ctx, clientId!, values.resource ?? []);
      return print(`resources of ${clientId} set:\n${describeClient(client)}`, { client });
    }
    case 'disable':
      await disableClient(ctx, clientId!);
      return print(`client ${clientId} disabled: its sign-ins and token requests are refused`, {
        clientId,
        disabled: true,
      });
    case 'set-events': {
      if (!values.url) throw new UsageError(`clients set-events needs --url <https url>\n\n${USAGE}`);
      const { endpoint, secret } = await setProductEndpoint(ctx, clientId!, {
        url: values.url,
        eventTypes: values.event ?? [],
      });
      const shown = secret
        ? `\nsigning secret: ${secret}\n${WEBHOOK_SECRET_NOT_SHOWN_AGAIN}`
        : '\nsigning secret unchanged (clear-events, then set-events, gives a new one)';
      return print(`events of ${clientId}:\n${describeProductEndpoint(endpoint)}${shown}`, { endpoint, secret });
    }
    case 'clear-events': {
      const cleared = await clearProductEndpoint(ctx, clientId!);
      return print(
        cleared
          ? `webhook endpoint of ${clientId} removed, with its deliveries`
          : `${clientId} had no webhook endpoint`,
        { clientId, cleared },
      );
    }
    default:
      throw new UsageError(
        `clients takes add, list, set-resources, rotate-secret, disable, set-events or clear-events\n\n${USAGE}`,
      );
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
    if (error instanceof HelpRequest) {
      print(error.message, { usage: error.message });
      return 0;
    }
    const known =
      error instanceof UsageError ||
      error instanceof UnknownNameError ||
      error instanceof SupportStaffError ||
      error instanceof ConfigError ||
      error instanceof ClientError ||
      error instanceof ProductEndpointError;
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

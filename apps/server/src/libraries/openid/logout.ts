import { setImmediate as nextTurn } from 'node:timers/promises';
import type Provider from 'oidc-provider';
import type { AppContext, ProductSessions } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import {
  deleteGrantLinks,
  deleteModelsByIds,
  deleteModelsOfGrants,
  findGrantLinksOfCompanyProducts,
  findGrantLinksOfSessions,
  findGrantLinksOfUser,
  findModelsByIds,
  findSessionsOfAccount,
  updateModelPayload,
} from '../../queries/openid.ts';
import { BackchannelQueue, type LogoutNotice } from './backchannel-queue.ts';

interface GrantLink {
  grant_id: string;
  client_id: string;
  user_id: number;
}

interface SessionPayload {
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
}

/** Grants ended per transaction, and sessions per look-up or parse. SQLite runs each
 *  statement on the event loop, so a step is one stretch of it: a few milliseconds, after which the
 *  requests waiting run. */
const GRANTS_PER_STEP = 200;
const SESSIONS_PER_LOOKUP = 1_000;

/** The grants made in these portal sessions, looked up in bounded steps. */
async function grantLinksOfSessions(ctx: AppContext, portalSessionIds: number[]): Promise<GrantLink[]> {
  const links: GrantLink[] = [];
  for (let from = 0; from < portalSessionIds.length; from += SESSIONS_PER_LOOKUP) {
    await nextTurn();
    links.push(...(await findGrantLinksOfSessions(ctx.db, portalSessionIds.slice(from, from + SESSIONS_PER_LOOKUP))));
  }
  return links;
}

/** The grants to end of each account: grant id to its client. */
function grantsByAccount(links: GrantLink[]): Map<string, Map<string, string>> {
  const accounts = new Map<string, Map<string, string>>();
  for (const link of links) {
    const accountId = String(link.user_id);
    const grants = accounts.get(accountId) ?? new Map<string, string>();
    grants.set(link.grant_id, link.client_id);
    accounts.set(accountId, grants);
  }
  return accounts;
}

/** Takes the authorizations of `ending` (grant id to client) out of the provider's sessions of one step,
 *  read again in its transaction (the provider may have written one since), and deletes the step's grants. */
async function endStep(
  db: Executor,
  ending: Map<string, string>,
  grantIds: string[],
  sessionIds: string[],
): Promise<void> {
  const inStep = new Set(grantIds);
  const emptied: string[] = [];
  for (const row of await findModelsByIds(db, 'Session', sessionIds)) {
    const payload = JSON.parse(row.payload) as SessionPayload;
    const authorizations = payload.authorizations ?? {};
    const forgotten = Object.entries(authorizations).filter(
      ([clientId, { grantId }]) => grantId !== undefined && inStep.has(grantId) && ending.get(grantId) === clientId,
    );
    if (!forgotten.length) continue;
    for (const [clientId] of forgotten) delete authorizations[clientId];
    if (Object.keys(authorizations).length) await updateModelPayload(db, 'Session', row.id, JSON.stringify(payload));
    else emptied.push(row.id);
  }
  await deleteModelsByIds(db, 'Session', emptied);
  await deleteModelsOfGrants(db, grantIds);
  await deleteGrantLinks(db, grantIds);
}

/**
 * Ends these grants and answers the product sessions to tell. The grants' tokens and codes are
 * revoked, and the provider's sessions forget the products (a session is deleted once it has none
 * left), so that a silent renewal cannot bring them back. Set-based: each account's provider sessions
 * are read once, and the grants are ended in steps of `GRANTS_PER_STEP`, each one transaction that
 * writes every affected provider session once and deletes the step's models and links in one
 * statement each; requests waiting run between steps.
 */
export async function endGrants(ctx: AppContext, links: GrantLink[]): Promise<LogoutNotice[]> {
  const notices: LogoutNotice[] = [];
  for (const [accountId, grants] of grantsByAccount(links)) {
    const sessionsOfGrant = new Map<string, string[]>();
    const rows = await findSessionsOfAccount(ctx.db, accountId);
    // parsed a thousand at a time, with a turn between: the account may have thousands
    for (let from = 0; from < rows.length; from += SESSIONS_PER_LOOKUP) {
      for (const row of rows.slice(from, from + SESSIONS_PER_LOOKUP)) {
        const payload = JSON.parse(row.payload) as SessionPayload;
        for (const [clientId, { grantId, sid }] of Object.entries(payload.authorizations ?? {})) {
          if (grantId === undefined || grants.get(grantId) !== clientId) continue;
          sessionsOfGrant.set(grantId, [...(sessionsOfGrant.get(grantId) ?? []), row.id]);
          if (sid) notices.push({ clientId, accountId, sid });
        }
      }
      await nextTurn();
    }
    const grantIds = [...grants.keys()];
    for (let from = 0; from < grantIds.length; from += GRANTS_PER_STEP) {
      const step = grantIds.slice(from, from + GRANTS_PER_STEP);
      const sessionIds = [...new Set(step.flatMap((grantId) => sessionsOfGrant.get(grantId) ?? []))];
      await ctx.db.transaction().execute((trx) => endStep(trx, grants, step, sessionIds));
      await nextTurn();
    }
  }
  return notices;
}

/**
 * The portal's side of ending product sessions, run in the background after the portal's change:
 * the grants are ended in bounded steps, then every product that had a session is told by
 * back-channel logout (with the `sid` of its session) from a queue that sends a few at a time.
 */
export function productSessionsOf(ctx: AppContext, provider: () => Promise<Provider>): ProductSessions {
  const queue = new BackchannelQueue(provider, ctx.log);
  const end = async (links: GrantLink[]) => queue.send(await endGrants(ctx, links));
  const inBackground = (what: string, links: () => Promise<GrantLink[]>) => {
    // after the change's answer: its own statements go first
    void (async () => end(await nextTurn().then(links)))().catch((error: unknown) =>
      ctx.log.error({ err: error }, `ending the product sessions of ${what} failed`),
    );
  };
  return {
    endForPortalSession: (id) => inBackground('a portal session', () => findGrantLinksOfSessions(ctx.db, [id])),
    endForPortalSessions: (ids) => {
      if (ids.length) inBackground('portal sessions', () => grantLinksOfSessions(ctx, ids));
    },
    endForPortalSessionsNow: async (ids) => (ids.length ? end(await grantLinksOfSessions(ctx, ids)) : 0),
    endForUser: (userId) => inBackground('a person', () => findGrantLinksOfUser(ctx.db, userId)),
    endForMember: (userId, enterpriseId) =>
      inBackground('a member', () => findGrantLinksOfUser(ctx.db, userId, enterpriseId)),
    endForCompanyProducts: async (enterpriseId, productCodes) =>
      end(await findGrantLinksOfCompanyProducts(ctx.db, enterpriseId, productCodes)),
  };
}

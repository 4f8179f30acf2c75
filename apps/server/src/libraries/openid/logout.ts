import type Provider from 'oidc-provider';
import type { AppContext, ProductSessions } from '../../context.ts';
import {
  deleteGrantLink,
  deleteGrantModels,
  deleteModel,
  findGrantLinksOfSession,
  findGrantLinksOfCompanyProducts,
  findGrantLinksOfUser,
  findSessionsOfAccount,
  updateModelPayload,
} from '../../queries/openid.ts';

interface GrantLink {
  grant_id: string;
  client_id: string;
  user_id: number;
}

/** The provider's own sender of logout tokens, which its type declarations leave out. */
interface BackchannelClient {
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

interface SessionPayload {
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
}

/**
 * Ends the product sessions of these grants: every product that had one is told by back-channel
 * logout (with the `sid` of its session), the grant's tokens and codes are revoked, and the
 * provider's session forgets the product (it is deleted once it has none left), so that a silent
 * renewal cannot bring the session back.
 */
export async function endGrants(ctx: AppContext, provider: Provider, links: GrantLink[]): Promise<number> {
  let told = 0;
  for (const link of links) {
    const accountId = String(link.user_id);
    for (const row of await findSessionsOfAccount(ctx.db, accountId)) {
      const payload = JSON.parse(row.payload) as SessionPayload;
      const authorization = payload.authorizations?.[link.client_id];
      if (!authorization || authorization.grantId !== link.grant_id) continue;
      const client = await provider.Client.find(link.client_id);
      if (client?.backchannelLogoutUri && authorization.sid) {
        try {
          await (client as unknown as BackchannelClient).backchannelLogout(accountId, authorization.sid);
          told += 1;
        } catch (error) {
          // the product is down: its tokens are revoked all the same, and its next call to the provider fails
          ctx.log.warn({ err: error, clientId: link.client_id }, 'back-channel logout not delivered');
        }
      }
      delete payload.authorizations![link.client_id];
      if (Object.keys(payload.authorizations!).length) {
        await updateModelPayload(ctx.db, 'Session', row.id, JSON.stringify(payload));
      } else {
        await deleteModel(ctx.db, 'Session', row.id);
      }
    }
    await deleteGrantModels(ctx.db, link.grant_id);
    await deleteGrantLink(ctx.db, link.grant_id);
  }
  return told;
}

/** The portal's side of ending product sessions, run in the background after the portal's change. */
export function productSessionsOf(ctx: AppContext, provider: () => Promise<Provider>): ProductSessions {
  const inBackground = (what: string, links: () => Promise<GrantLink[]>) => {
    void (async () => endGrants(ctx, await provider(), await links()))().catch((error: unknown) =>
      ctx.log.error({ err: error }, `ending the product sessions of ${what} failed`),
    );
  };
  return {
    endForPortalSession: (id) => inBackground('a portal session', () => findGrantLinksOfSession(ctx.db, id)),
    endForUser: (userId) => inBackground('a person', () => findGrantLinksOfUser(ctx.db, userId)),
    endForMember: (userId, enterpriseId) =>
      inBackground('a member', () => findGrantLinksOfUser(ctx.db, userId, enterpriseId)),
    endForCompanyProducts: async (enterpriseId, productCodes) =>
      endGrants(ctx, await provider(), await findGrantLinksOfCompanyProducts(ctx.db, enterpriseId, productCodes)),
  };
}

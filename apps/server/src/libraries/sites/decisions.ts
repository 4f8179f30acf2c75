/**
 * Who may do what on a site (docs/site-grants.md#decisions). Every answer is read from the database
 * at the moment it is asked: a grant, its parents, the site, the companies' products, the person's
 * membership and assignments. Nothing is kept in a process, so a revoke, an expiry or a removal from a
 * company holds at the next decision in every process.
 */
import { sql } from 'kysely';
import { SITE_ROLE_TEMPLATES, type SiteCapability, type SiteRoleTemplate } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import type { Executor } from '../../queries/executor.ts';
import {
  type SiteAccessRow,
  chainOf,
  grantedAccess,
  ownAccess,
  supportAccess,
  waysToSites,
} from '../../queries/site-decisions.ts';

export { MAX_CHAIN_DEPTH } from '../../queries/site-decisions.ts';

/** What one way to a site gives: the assignment's capabilities, within the template of its grant and
 *  of every grant above it when it comes through grants (a share is never wider than what it holds:
 *  the writes refuse a wider one, and a decision does not count on that). */
function capabilitiesOfRow(row: SiteAccessRow): SiteCapability[] {
  const assigned: readonly SiteCapability[] = SITE_ROLE_TEMPLATES[row.assigned];
  if (row.chain_templates === null) return [...assigned];
  const chain = row.chain_templates.split(',') as SiteRoleTemplate[];
  return assigned.filter((capability) =>
    chain.every((template) => (SITE_ROLE_TEMPLATES[template] as readonly SiteCapability[]).includes(capability)),
  );
}

/** The earlier of two ends, null being none. */
function earlier(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** The end of one way to a site: its assignment's or its chain's, whichever comes first. */
const endOfRow = (row: SiteAccessRow) => earlier(row.assignment_ends_at, row.chain_ends_at);

/**
 * A person's capabilities on a site for a product at `at`: empty unless the site is open (not retired,
 * on the product, its owner holding the product); then `owner` for an administrator of the owner
 * company, and the union of the person's assignments (by them or their department) that have not
 * ended, on the owner's side as they are, on a receiving company's side each within the templates of
 * a grant that is effective and of the grants above it (it and every grant above it active, every company on the way holding the
 * product). A person who is no longer a member of a company has nothing through it.
 */
export async function capabilitiesOf(
  db: Executor,
  input: { userId: number; siteId: number; product: ProductCode; at: number },
): Promise<Set<SiteCapability>> {
  const { userId, siteId, product, at } = input;
  const [own, granted, support] = await Promise.all([
    ownAccess(db, { userId, product, at, siteId }),
    grantedAccess(db, { userId, product, at, leaf: sql`g.site_id = ${siteId}` }),
    supportAccess(db, { userId, product, at, siteId }),
  ]);
  return new Set([...own, ...granted, ...support].flatMap(capabilitiesOfRow));
}

export interface PersonSite {
  siteId: number;
  publicId: string;
  name: string;
  /** The template of the widest of the person's ways to the site. */
  template: SiteRoleTemplate;
  /** When that way ends (its assignment or any grant of its chain); null: open. */
  endsAt: number | null;
  /** What all the person's ways to the site give together. */
  capabilities: SiteCapability[];
}

/** Of two ways to one site, the one giving more, then the one lasting longer; the capabilities of both. */
function merged(a: PersonSite, b: PersonSite): PersonSite {
  const capabilities = [...new Set([...a.capabilities, ...b.capabilities])];
  const longer = a.endsAt === null || (b.endsAt !== null && a.endsAt >= b.endsAt) ? a : b;
  const wider =
    a.capabilities.length === b.capabilities.length ? longer : a.capabilities.length > b.capabilities.length ? a : b;
  return { ...wider, capabilities };
}

/**
 * The sites a person may act on for a product, through one company (the company a token was issued
 * for) or, without `enterpriseId`, through any of theirs: the companies' own sites, and those they
 * hold by grants, in site id order after `after`, at most `limit`. Each site once, with the widest of
 * the person's ways to it.
 */
export async function sitesOf(
  db: Executor,
  input: { userId: number; enterpriseId?: number; product: ProductCode; at: number; limit: number; after?: number },
): Promise<PersonSite[]> {
  const { userId, enterpriseId, product, at, limit, after } = input;
  // a person has at most two ways to a site through each company (by name and by department), and a
  // company is never both the owner and a holder of one site: that many rows per company for each
  // site of the page, and two more, hold its first `limit` sites whole (a site cut off at the end of
  // a side's rows sorts after them)
  const ways = await waysToSites(db, { userId, enterpriseId });
  const companies = enterpriseId === undefined ? Math.max(1, ways.companies) : 1;
  const rows = 2 * companies * limit + 2;
  const leaf = enterpriseId === undefined ? sql`1 = 1` : sql`g.grantee_enterprise_id = ${enterpriseId}`;
  const none = Promise.resolve([]);
  const [own, granted, support] = await Promise.all([
    ways.administers || ways.assigned ? ownAccess(db, { userId, product, at, enterpriseId, after, limit: rows }) : none,
    ways.assigned ? grantedAccess(db, { userId, product, at, after, limit: rows, leaf }) : none,
    // one row per site: `limit` of them hold the page whole
    ways.support ? supportAccess(db, { userId, product, at, enterpriseId, after, limit }) : none,
  ]);
  const bySite = new Map<number, PersonSite>();
  for (const row of [...own, ...granted, ...support]) {
    const capabilities = capabilitiesOfRow(row);
    if (capabilities.length === 0) continue;
    const site: PersonSite = {
      siteId: row.site_id,
      publicId: row.public_id,
      name: row.name,
      template: row.assigned,
      endsAt: endOfRow(row),
      capabilities,
    };
    const known = bySite.get(site.siteId);
    bySite.set(site.siteId, known ? merged(known, site) : site);
  }
  return [...bySite.values()].sort((a, b) => a.siteId - b.siteId).slice(0, limit);
}

/**
 * Whether a grant is active at `at`: started, not ended, not revoked, its site not retired, and the
 * same of every grant above it up to the owner's (whose grantor is the site's owner). The products are
 * not part of it: they are asked of each decision, for the product it is about.
 */
export async function isGrantActive(db: Executor, grantId: number, at: number): Promise<boolean> {
  const chain = await chainOf(db, grantId);
  const top = chain[chain.length - 1];
  if (!top || top.parent_grant_id !== null || top.grantor_enterprise_id !== top.site_enterprise_id) return false;
  return chain.every(
    (grant, index) =>
      grant.starts_at <= at &&
      (grant.ends_at === null || at < grant.ends_at) &&
      (grant.revoked_at === null || at < grant.revoked_at) &&
      (grant.site_retired_at === null || at < grant.site_retired_at) &&
      (index === chain.length - 1 || grant.grantor_enterprise_id === chain[index + 1]!.grantee_enterprise_id),
  );
}

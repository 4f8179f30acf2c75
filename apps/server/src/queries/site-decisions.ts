import { type RawBuilder, sql } from 'kysely';
import type { SiteRoleTemplate } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import { ofCompany, ofCompanySql } from './company-scope.ts';
import type { Executor } from './executor.ts';

/** The longest chain of grants from the owner's grant down; shares deeper than this are refused when
 *  written, and the decisions never follow a chain further (a bound on the recursion, whatever the rows). */
export const MAX_CHAIN_DEPTH = 8;

/** One way a person reaches a site: an assignment (or, for an owner's administrator, the company's
 *  own right), with the grant's template when it comes through a grant, and the end of the whole chain. */
export interface SiteAccessRow {
  site_id: number;
  public_id: string;
  name: string;
  assigned: SiteRoleTemplate;
  /** The templates of the grant and every grant above it, comma-separated: the assignment gives only
   *  what each of them holds. Null on the owner's side, where no grant limits the assignment. */
  chain_templates: string | null;
  assignment_ends_at: number | null;
  /** The earliest end of the grant and every grant above it; null: none of them ends. */
  chain_ends_at: number | null;
}

/** Whether company `enterprise` (a column of the outer query, not a value: no company's scope)
 *  holds `product` now: its right in enterprise_products. */
const holds = (enterprise: RawBuilder<unknown>, product: ProductCode) =>
  sql`exists (select 1 from enterprise_products ep join products pr on pr.id = ep.product_id
    where ${enterprise} = ep.enterprise_id and pr.code = ${product})`;

/** A grant's own state at `at`: started, not ended, not revoked (the parent's is checked by the recursion). */
const liveAt = (g: string, at: number) =>
  sql`${sql.ref(`${g}.starts_at`)} <= ${at}
    and (${sql.ref(`${g}.ends_at`)} is null or ${at} < ${sql.ref(`${g}.ends_at`)})
    and (${sql.ref(`${g}.revoked_at`)} is null or ${at} < ${sql.ref(`${g}.revoked_at`)})`;

/** A site that can be acted on for `product` at `at`: not retired, on the product, its owner holding it.
 *  `product_codes` is a JSON array of catalogue codes (letters and hyphens, never a wildcard of
 *  `like`), so a quoted match finds one element the same way on both engines. */
const siteOpen = (s: string, product: ProductCode, at: number) =>
  sql`(${sql.ref(`${s}.retired_at`)} is null or ${at} < ${sql.ref(`${s}.retired_at`)})
    and ${sql.ref(`${s}.product_codes`)} like ${`%"${product}"%`}
    and ${holds(sql.ref(`${s}.enterprise_id`), product)}`;

/**
 * The grants that are effective at `at` for `product` among the leaves `leaf` selects (a condition on
 * `g`), each with the earliest end of its chain and the templates on it: the recursion climbs from each leaf to the owner's
 * grant, and a leaf counts only when every grant on the way is live, each grant's grantor is its
 * parent's grantee, every grantee holds the product, and the top one was made by the site's owner.
 */
function effectiveGrants(leaf: RawBuilder<unknown>, product: ProductCode, at: number) {
  return sql`with recursive up (leaf_id, grant_id, parent_id, grantor_id, ends_at, templates, depth) as (
      select g.id, g.id, g.parent_grant_id, g.grantor_enterprise_id, g.ends_at, cast(g.template as text), 1
      from site_grants g
      where ${leaf} and ${liveAt('g', at)} and ${holds(sql.ref('g.grantee_enterprise_id'), product)}
    union all
      select up.leaf_id, p.id, p.parent_grant_id, p.grantor_enterprise_id,
        case when up.ends_at is null then p.ends_at
          when p.ends_at is null or up.ends_at < p.ends_at then up.ends_at
          else p.ends_at end,
        up.templates || ',' || p.template,
        up.depth + 1
      from up join site_grants p on p.id = up.parent_id and p.grantee_enterprise_id = up.grantor_id
      where up.depth < ${MAX_CHAIN_DEPTH} and ${liveAt('p', at)} and ${holds(sql.ref('p.grantee_enterprise_id'), product)}
    ),
    effective (grant_id, ends_at, templates) as (
      select up.leaf_id, up.ends_at, up.templates from up
      join site_grants leaf on leaf.id = up.leaf_id
      join sites s on s.id = leaf.site_id
      where up.parent_id is null and up.grantor_id = s.enterprise_id
    )`;
}

/**
 * A person's ways to sites through grants to companies they are a member of: their assignments (by
 * them, or by their department in that company) on grants effective at `at`. `where` narrows the
 * leaves (a site, or the grants of one company), `after` and `limit` page by site id.
 */
export async function grantedAccess(
  db: Executor,
  input: {
    userId: number;
    product: ProductCode;
    at: number;
    leaf: RawBuilder<unknown>;
    after?: number;
    limit?: number;
  },
): Promise<SiteAccessRow[]> {
  const { userId, product, at } = input;
  const { rows } = await sql<SiteAccessRow>`${effectiveGrants(
    sql`${input.leaf} and exists (select 1 from memberships lm
      where lm.enterprise_id = g.grantee_enterprise_id and lm.user_id = ${userId})`,
    product,
    at,
  )}
    select s.id as site_id, s.public_id, s.name, a.template as assigned, e.templates as chain_templates,
      a.ends_at as assignment_ends_at, e.ends_at as chain_ends_at
    from effective e
    join site_grants g on g.id = e.grant_id
    join sites s on s.id = g.site_id
    join memberships m on m.enterprise_id = g.grantee_enterprise_id and m.user_id = ${userId}
    join users u on u.id = m.user_id and u.disabled = 0
    join site_assignments a on a.grant_id = g.id
      and (a.user_id = m.user_id or a.department_id = m.department_id)
    where (a.ends_at is null or ${at} < a.ends_at) and ${siteOpen('s', product, at)}
      and s.id > ${input.after ?? 0}
    order by s.id, a.id
    ${input.limit === undefined ? sql`` : sql`limit ${input.limit}`}`.execute(db);
  return rows;
}

/** What the reads of a person's ways to their companies' own sites take: `siteId` narrows to one
 *  site, `enterpriseId` to one owner company; `after` and `limit` page by site id. */
interface OwnSiteQuery {
  userId: number;
  product: ProductCode;
  at: number;
  siteId?: number;
  enterpriseId?: number;
  after?: number;
  limit?: number;
}

/** The narrowing of an `OwnSiteQuery`, on the sites aliased `s`. */
function narrowed(input: OwnSiteQuery) {
  return sql`${input.siteId === undefined ? sql`` : sql`and s.id = ${input.siteId}`}
    ${input.enterpriseId === undefined ? sql`` : sql`and ${ofCompanySql('s', input.enterpriseId)}`}
    and s.id > ${input.after ?? 0}`;
}

/**
 * A person's ways to the sites of a company they are a member of (the owner's side): every open site
 * for an administrator, under `owner`; a member's own assignments (by them or their department) that
 * have not ended. `site` narrows to one site, `enterpriseId` to one owner company.
 */
export async function ownAccess(db: Executor, input: OwnSiteQuery): Promise<SiteAccessRow[]> {
  const { userId, product, at } = input;
  const narrow = narrowed(input);
  const { rows } = await sql<SiteAccessRow>`select site_id, public_id, name, assigned, chain_templates,
      assignment_ends_at, chain_ends_at from (
      select s.id as site_id, s.public_id, s.name, 'owner' as assigned, null as chain_templates,
        null as assignment_ends_at, null as chain_ends_at, 0 as assignment_id
      from sites s
      join memberships m on m.enterprise_id = s.enterprise_id and m.user_id = ${userId} and m.role = 'admin'
      join users u on u.id = m.user_id and u.disabled = 0
      where ${siteOpen('s', product, at)} ${narrow}
    union all
      select s.id, s.public_id, s.name, a.template, null, a.ends_at, null, a.id
      from sites s
      join memberships m on m.enterprise_id = s.enterprise_id and m.user_id = ${userId} and m.role <> 'admin'
      join users u on u.id = m.user_id and u.disabled = 0
      join site_assignments a on a.site_id = s.id
        and (a.user_id = m.user_id or a.department_id = m.department_id)
      where (a.ends_at is null or ${at} < a.ends_at) and ${siteOpen('s', product, at)} ${narrow}
    ) own
    order by site_id, assignment_id
    ${input.limit === undefined ? sql`` : sql`limit ${input.limit}`}`.execute(db);
  return rows;
}

/**
 * A support person's way to the sites of the companies whose window they entered (docs/support-access.md):
 * under the "support" template until the window's end, while the window is live, a portal session
 * entered under it is not revoked and the person is still support staff; the window's named sites
 * only when it names some. At most one row per site (a site has one owner company, which has at most
 * one live window). `siteId` and `enterpriseId` narrow as in `ownAccess`.
 */
export async function supportAccess(db: Executor, input: OwnSiteQuery): Promise<SiteAccessRow[]> {
  const { userId, product, at } = input;
  const { rows } = await sql<SiteAccessRow>`select s.id as site_id, s.public_id, s.name, 'support' as assigned,
      null as chain_templates, sa.ends_at as assignment_ends_at, null as chain_ends_at
    from support_access sa
    join sites s on s.enterprise_id = sa.enterprise_id
    where sa.revoked_at is null and sa.ended_at is null and ${at} < sa.ends_at
      and exists (select 1 from support_staff st where st.user_id = ${userId})
      and exists (select 1 from support_sessions ss join sessions ps on ps.id = ss.session_id
        where ss.access_id = sa.id and ps.user_id = ${userId} and ps.revoked_at is null)
      and (not exists (select 1 from support_access_sites x where x.access_id = sa.id)
        or exists (select 1 from support_access_sites x where x.access_id = sa.id and x.site_id = s.id))
      and ${siteOpen('s', product, at)}
      ${narrowed(input)}
    order by s.id
    ${input.limit === undefined ? sql`` : sql`limit ${input.limit}`}`.execute(db);
  return rows;
}

/** The chain above a grant, the grant first, with each one's site: at most MAX_CHAIN_DEPTH rows. */
export async function chainOf(db: Executor, grantId: number) {
  const { rows } = await sql<{
    id: number;
    starts_at: number;
    ends_at: number | null;
    revoked_at: number | null;
    parent_grant_id: number | null;
    grantor_enterprise_id: number;
    grantee_enterprise_id: number;
    site_retired_at: number | null;
    site_enterprise_id: number;
  }>`with recursive up (id, depth) as (
      select cast(${grantId} as integer), 1
    union all
      select g.parent_grant_id, up.depth + 1 from up join site_grants g on g.id = up.id
      where g.parent_grant_id is not null and up.depth < ${MAX_CHAIN_DEPTH}
    )
    select g.id, g.starts_at, g.ends_at, g.revoked_at, g.parent_grant_id, g.grantor_enterprise_id,
      g.grantee_enterprise_id, s.retired_at as site_retired_at, s.enterprise_id as site_enterprise_id
    from up join site_grants g on g.id = up.id join sites s on s.id = g.site_id
    order by up.depth`.execute(db);
  return rows;
}

/** Which of a person's ways to sites can give anything (`waysToSites`), and through how many companies. */
export interface WaysToSites {
  /** How many companies the person is a member of. */
  companies: number;
  /** An assignment names them or a department of theirs: the only way in for a member who is no
   *  administrator, on the owner's side or through a grant. */
  assigned: boolean;
  /** They administer a company that owns sites (`enterpriseId`: that company). */
  administers: boolean;
  /** They are the platform's support staff. */
  support: boolean;
}

/**
 * What each read of a person's sites needs before it can find a row, in one statement on the
 * person's own rows: a read whose way says no is not made. Most people hold no site at all, and
 * each of the reads opens a dozen tables and temporary B-trees even when it finds nothing (0.1 to
 * 0.5 ms apiece on SQLite, on every userinfo answer and refresh). A way that says yes only lets its
 * read look: the read decides, on the whole rule.
 */
export async function waysToSites(
  db: Executor,
  input: { userId: number; enterpriseId?: number | undefined },
): Promise<WaysToSites> {
  const { userId, enterpriseId } = input;
  const {
    rows: [row],
  } = await sql<{
    companies: number | string;
    assigned: number | boolean;
    administers: number | boolean;
    support: number | boolean;
  }>`
    select (select count(*) from memberships m where m.user_id = ${userId}) as companies,
      exists (select 1 from site_assignments a where a.user_id = ${userId}
        or a.department_id in (select m.department_id from memberships m
          where m.user_id = ${userId} and m.department_id is not null)) as assigned,
      exists (select 1 from memberships m join sites s on s.enterprise_id = m.enterprise_id
        where m.user_id = ${userId} and m.role = 'admin'
          ${enterpriseId === undefined ? sql`` : sql`and ${ofCompanySql('m', enterpriseId)}`}) as administers,
      exists (select 1 from support_staff st where st.user_id = ${userId}) as support`.execute(db);
  return {
    companies: Number(row!.companies),
    assigned: Boolean(row!.assigned),
    administers: Boolean(row!.administers),
    support: Boolean(row!.support),
  };
}

export function findSiteIdByPublicId(db: Executor, publicId: string) {
  return db.selectFrom('sites').select('id').where('public_id', '=', publicId).executeTakeFirst();
}

/**
 * The rows of a product's relationships (libraries/sites/relationships.ts): its sites whose owner
 * holds it, their grants to companies holding it, the assignments of both, and the memberships of
 * the companies on them (of accounts that are not disabled).
 */
export async function relationshipRows(db: Executor, product: ProductCode) {
  const { rows: sites } = await sql<{ id: number; enterprise_id: number; retired_at: number | null }>`
    select s.id, s.enterprise_id, s.retired_at from sites s
    where s.product_codes like ${`%"${product}"%`} and ${holds(sql.ref('s.enterprise_id'), product)}
    order by s.id`.execute(db);
  const siteIds = sites.map((site) => site.id);
  if (siteIds.length === 0) return { sites, grants: [], assignments: [], memberships: [] };
  const grants = await db
    .selectFrom('site_grants as g')
    .select([
      'g.id',
      'g.site_id',
      'g.parent_grant_id',
      'g.grantor_enterprise_id',
      'g.grantee_enterprise_id',
      'g.template',
      'g.starts_at',
      'g.ends_at',
      'g.revoked_at',
    ])
    .where('g.site_id', 'in', siteIds)
    .where(() => holds(sql.ref('g.grantee_enterprise_id'), product) as never)
    .orderBy('g.id')
    .execute();
  const grantIds = grants.map((grant) => grant.id);
  const assignments = await db
    .selectFrom('site_assignments')
    .select(['id', 'grant_id', 'site_id', 'user_id', 'department_id', 'template', 'ends_at'])
    .where((eb) => eb.or([eb('site_id', 'in', siteIds), ...(grantIds.length ? [eb('grant_id', 'in', grantIds)] : [])]))
    .orderBy('id')
    .execute();
  const companies = [...new Set([...sites.map((s) => s.enterprise_id), ...grants.map((g) => g.grantee_enterprise_id)])];
  const memberships = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.enterprise_id', 'm.user_id', 'm.role', 'm.department_id'])
    .where(ofCompany('memberships as m', companies))
    .where('u.disabled', '=', 0)
    .orderBy('m.enterprise_id')
    .orderBy('m.user_id')
    .execute();
  return { sites, grants, assignments, memberships };
}

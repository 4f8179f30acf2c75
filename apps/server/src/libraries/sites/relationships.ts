/**
 * The sites, grants and assignments of one product as SpiceDB relationships (docs/site-grants.md#relationships):
 * what an operator who moves the decisions to a relationship engine loads into it, and what the
 * schema below makes of them. Each grant is one relationship (from its parent, or its site, to the
 * grant, named by its template), each assignment one (from its grant, or its site, to the person's
 * membership or their department), both expiring when the row ends; the companies' people and the
 * sites' owners are the rest. A product is its own set: only the sites on it, of an owner holding it,
 * and the grants of companies holding it are exported.
 */
import { SITE_CAPABILITIES, SITE_ROLE_TEMPLATES, type SiteRoleTemplate } from '@portal/shared/api/sites';
import type { ProductCode } from '@portal/shared/products';
import type { Executor } from '../../queries/executor.ts';
import { relationshipRows } from '../../queries/site-decisions.ts';

export interface ObjectRef {
  type: 'user' | 'company' | 'membership' | 'department' | 'site' | 'site_grant';
  id: string;
}

export interface SiteRelationship {
  resource: ObjectRef;
  relation: string;
  subject: ObjectRef & { relation?: 'member' };
  /** When the relationship stops counting, in ms; null: never. */
  expiresAt: number | null;
}

const TEMPLATES = Object.keys(SITE_ROLE_TEMPLATES) as SiteRoleTemplate[];

/** The templates holding a capability. */
const holding = (capability: string) =>
  TEMPLATES.filter((template) => (SITE_ROLE_TEMPLATES[template] as readonly string[]).includes(capability));

/** A subject type that a row without an end (no expiration) and one with an end (expiring) both take. */
const either = (type: string) => `${type} | ${type} with expiration`;

/**
 * The SpiceDB schema the export fits, written from the catalogue. On a site or a grant, each
 * capability is the union of its assignments whose template holds it, and of the capability on the
 * grants made from it under a template that holds it: following a chain keeps each assignment within
 * every template on the way, and a chain stops at the first relationship that expired.
 */
export function spicedbSchema(): string {
  const assigned = TEMPLATES.map(
    (t) => `  relation assigned_${t}: ${either('membership#member')} | ${either('department#member')}`,
  );
  const granted = TEMPLATES.map((t) => `  relation grant_${t}: ${either('site_grant')}`);
  const permissions = (extra: string) =>
    SITE_CAPABILITIES.map((capability) => {
      const terms = [
        ...(extra ? [extra] : []),
        ...holding(capability).map((t) => `assigned_${t}`),
        ...holding(capability).map((t) => `grant_${t}->${capability}`),
      ];
      return `  permission ${capability} = ${terms.join(' + ')}`;
    });
  return [
    'use expiration',
    '',
    'definition user {}',
    '',
    '/** A person in a company, while they are a member. */',
    'definition membership {',
    '  relation member: user',
    '}',
    '',
    '/** A department, with the members who are in it now. */',
    'definition department {',
    '  relation member: user',
    '}',
    '',
    'definition company {',
    '  relation admin: user',
    '}',
    '',
    'definition site_grant {',
    ...assigned,
    ...granted,
    ...permissions(''),
    '}',
    '',
    'definition site {',
    `  relation owned_by: ${either('company')}`,
    ...assigned,
    ...granted,
    ...permissions('owned_by->admin'),
    '}',
    '',
  ].join('\n');
}

const earlier = (...ends: (number | null)[]) => {
  const set = ends.filter((end): end is number => end !== null);
  return set.length ? Math.min(...set) : null;
};

/**
 * The relationships of a product's sites at `at`. Expired rows are exported with their past
 * expiration (an engine counts none of them); a grant that has not started yet is not, since no
 * relationship can wait for its start: it is written when it starts.
 */
export async function exportRelationships(
  db: Executor,
  input: { product: ProductCode; at: number },
): Promise<SiteRelationship[]> {
  const { sites, grants, assignments, memberships } = await relationshipRows(db, input.product);
  const out: SiteRelationship[] = [];
  const siteById = new Map(sites.map((site) => [site.id, site]));
  const grantById = new Map(grants.map((grant) => [grant.id, grant]));

  for (const site of sites) {
    out.push({
      resource: { type: 'site', id: String(site.id) },
      relation: 'owned_by',
      subject: { type: 'company', id: String(site.enterprise_id) },
      expiresAt: site.retired_at,
    });
  }

  /** A grant's relationship holds when it and its parents agree: the grantor is the parent's grantee,
   *  or the site's owner for a grant made by the owner. */
  const exported = new Set<number>();
  const consistent = (grantId: number, depth = 0): boolean => {
    const grant = grantById.get(grantId);
    if (!grant || depth > 8 || grant.starts_at > input.at) return false;
    if (grant.parent_grant_id === null)
      return grant.grantor_enterprise_id === siteById.get(grant.site_id)?.enterprise_id;
    const parent = grantById.get(grant.parent_grant_id);
    return (
      parent !== undefined &&
      parent.grantee_enterprise_id === grant.grantor_enterprise_id &&
      consistent(parent.id, depth + 1)
    );
  };
  for (const grant of grants) {
    if (!consistent(grant.id)) continue;
    exported.add(grant.id);
    const site = siteById.get(grant.site_id)!;
    const top = grant.parent_grant_id === null;
    out.push({
      resource: top
        ? { type: 'site', id: String(grant.site_id) }
        : { type: 'site_grant', id: String(grant.parent_grant_id) },
      relation: `grant_${grant.template}`,
      subject: { type: 'site_grant', id: String(grant.id) },
      expiresAt: earlier(grant.ends_at, grant.revoked_at, top ? site.retired_at : null),
    });
  }

  const holderOf = new Map<number, number>();
  for (const grant of grants) holderOf.set(grant.id, grant.grantee_enterprise_id);
  for (const assignment of assignments) {
    const onGrant = assignment.grant_id !== null;
    if (onGrant && !exported.has(assignment.grant_id!)) continue;
    const site = onGrant ? undefined : siteById.get(assignment.site_id!);
    if (!onGrant && !site) continue;
    const company = onGrant ? holderOf.get(assignment.grant_id!)! : site!.enterprise_id;
    out.push({
      resource: onGrant
        ? { type: 'site_grant', id: String(assignment.grant_id) }
        : { type: 'site', id: String(assignment.site_id) },
      relation: `assigned_${assignment.template}`,
      subject:
        assignment.user_id !== null
          ? { type: 'membership', id: `${company}/${assignment.user_id}`, relation: 'member' }
          : { type: 'department', id: String(assignment.department_id), relation: 'member' },
      expiresAt: earlier(assignment.ends_at, site?.retired_at ?? null),
    });
  }

  for (const membership of memberships) {
    const user = { type: 'user' as const, id: String(membership.user_id) };
    out.push({
      resource: { type: 'membership', id: `${membership.enterprise_id}/${membership.user_id}` },
      relation: 'member',
      subject: user,
      expiresAt: null,
    });
    out.push({
      resource: { type: 'department', id: String(membership.department_id) },
      relation: 'member',
      subject: user,
      expiresAt: null,
    });
    if (membership.role === 'admin')
      out.push({
        resource: { type: 'company', id: String(membership.enterprise_id) },
        relation: 'admin',
        subject: user,
        expiresAt: null,
      });
  }
  return out;
}

/** A relationship as SpiceDB's tools write it: `site:7#grant_technician@site_grant:12[expiration:...]`. */
export function relationshipText(relationship: SiteRelationship): string {
  const { resource, relation, subject, expiresAt } = relationship;
  const target = `${subject.type}:${subject.id}${subject.relation ? `#${subject.relation}` : ''}`;
  const expiration = expiresAt === null ? '' : `[expiration:${new Date(expiresAt).toISOString()}]`;
  return `${resource.type}:${resource.id}#${relation}@${target}${expiration}`;
}

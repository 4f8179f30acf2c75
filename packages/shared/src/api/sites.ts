/**
 * Sites shared between companies (docs/site-grants.md): the kinds of site, the capabilities a
 * product may ask about, the role templates every product maps to its own permissions, and the
 * settings centre's requests and answers.
 */

export const SITE_KINDS = ['pv', 'storage', 'microgrid', 'ev_charging', 'ci', 'other'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export const SITE_CAPABILITIES = ['view', 'operate', 'configure', 'finance', 'audit', 'share'] as const;
export type SiteCapability = (typeof SITE_CAPABILITIES)[number];

/**
 * The role templates, each a set of capabilities. `share` in a template is not what lets a grant share
 * on: the grant's `mayShare` is, decided by whoever makes the grant.
 */
export const SITE_ROLE_TEMPLATES = {
  owner: ['view', 'operate', 'configure', 'finance', 'audit', 'share'],
  investor: ['view', 'finance'],
  // EPC / installer
  installer: ['view', 'operate', 'configure'],
  // O&M technician
  technician: ['view', 'operate'],
  operator: ['view', 'operate'],
  auditor: ['view', 'audit'],
} as const satisfies Record<string, readonly SiteCapability[]>;
export type SiteRoleTemplate = keyof typeof SITE_ROLE_TEMPLATES;
export const SITE_TEMPLATE_KEYS = Object.keys(SITE_ROLE_TEMPLATES) as SiteRoleTemplate[];

export function isSiteTemplate(value: unknown): value is SiteRoleTemplate {
  return typeof value === 'string' && Object.hasOwn(SITE_ROLE_TEMPLATES, value);
}

/** "Not wider": every capability of `narrower` is one of `wider`'s. */
export function templateWithin(narrower: SiteRoleTemplate, wider: SiteRoleTemplate): boolean {
  const allowed: readonly SiteCapability[] = SITE_ROLE_TEMPLATES[wider];
  return SITE_ROLE_TEMPLATES[narrower].every((capability) => allowed.includes(capability));
}

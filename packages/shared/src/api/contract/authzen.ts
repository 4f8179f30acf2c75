import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import { defineCall } from './define.ts';

/**
 * The decision point for products (OpenID AuthZEN Authorization API 1.0, docs/site-grants.md#decisions):
 * may a person (`subject`, by the `sub` of their tokens) do `action` (a site capability) on a site
 * (`resource`)? Only a product's own client asks, and only about its own product. The answers are
 * AuthZEN's own shapes (`plain`), so that any AuthZEN client reads them; a refusal of the request
 * itself (a malformed body, no client) is the portal's envelope with its code and HTTP status.
 */

export const AUTHZEN_METADATA_PATH = '/.well-known/authzen-configuration';
export const AUTHZEN_PATHS = {
  evaluation: '/access/v1/evaluation',
  evaluations: '/access/v1/evaluations',
  searchResource: '/access/v1/search/resource',
} as const;

/** The most evaluations one batch may hold, and the largest page of a search. */
export const AUTHZEN_MAX_EVALUATIONS = 100;
export const AUTHZEN_MAX_PAGE = 100;
export const AUTHZEN_DEFAULT_PAGE = 50;

const properties = z.record(z.string(), z.unknown());

export const authzenSubjectSchema = z.strictObject({
  type: z.string().min(1).max(64).describe('`user` for a person'),
  id: z.string().min(1).max(255).describe('The `sub` of the person’s tokens'),
  properties: properties.optional(),
});
export const authzenResourceSchema = z.strictObject({
  type: z.string().min(1).max(64).describe('`site`'),
  id: z.string().min(1).max(255).describe('The site’s public id, `site_...`'),
  properties: properties.optional(),
});
export const authzenActionSchema = z.strictObject({
  name: z.string().min(1).max(64).describe('A site capability: view, operate, configure, finance, audit, share'),
  properties: properties.optional(),
});
const context = properties.describe('Taken and not read: a decision depends on the portal’s state only');

export const authzenEvaluationSchema = z.strictObject({
  subject: authzenSubjectSchema,
  resource: authzenResourceSchema,
  action: authzenActionSchema,
  context: context.optional(),
});

export const EVALUATIONS_SEMANTICS = ['execute_all', 'deny_on_first_deny', 'permit_on_first_permit'] as const;

export const authzenEvaluationsSchema = z.strictObject({
  subject: authzenSubjectSchema.optional(),
  resource: authzenResourceSchema.optional(),
  action: authzenActionSchema.optional(),
  context: context.optional(),
  evaluations: z
    .array(
      z.strictObject({
        subject: authzenSubjectSchema.optional(),
        resource: authzenResourceSchema.optional(),
        action: authzenActionSchema.optional(),
        context: context.optional(),
      }),
    )
    .max(AUTHZEN_MAX_EVALUATIONS)
    .optional(),
  options: z
    .strictObject({
      evaluations_semantic: z.enum(EVALUATIONS_SEMANTICS).optional(),
    })
    .optional(),
});

export const authzenSearchResourceSchema = z.strictObject({
  subject: authzenSubjectSchema,
  action: authzenActionSchema,
  resource: z.strictObject({ type: z.string().min(1).max(64), properties: properties.optional() }),
  context: context.optional(),
  page: z
    .strictObject({
      token: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(AUTHZEN_MAX_PAGE).optional(),
    })
    .optional(),
});

export const authzenDecisionSchema = z.object({ decision: z.boolean() });

export const authzenCalls = {
  authzenMetadata: defineCall({
    method: 'GET',
    path: AUTHZEN_METADATA_PATH,
    audience: 'anonymous',
    plain: true,
    tag: 'authzen',
    summary: 'The decision point’s metadata: its identifier and endpoints',
    response: z.object({
      policy_decision_point: z.string(),
      access_evaluation_endpoint: z.string(),
      access_evaluations_endpoint: z.string(),
      search_resource_endpoint: z.string(),
    }),
    errors: [],
  }),

  authzenEvaluation: defineCall({
    method: 'POST',
    path: AUTHZEN_PATHS.evaluation,
    audience: 'productClient',
    plain: true,
    tag: 'authzen',
    summary: 'May a person do an action on a site, for the client’s product?',
    description:
      '`true` only when the person holds the capability on the site now, for the client’s product. Anything else (another product’s site, an unknown site or person, a capability that is not one) is `false`, in the same shape.',
    body: authzenEvaluationSchema,
    response: authzenDecisionSchema,
    errors: [],
  }),

  authzenEvaluations: defineCall({
    method: 'POST',
    path: AUTHZEN_PATHS.evaluations,
    audience: 'productClient',
    plain: true,
    tag: 'authzen',
    summary: 'Several evaluations in one call, with their evaluation semantic',
    description:
      'Each evaluation takes the top-level subject, resource, action and context unless it names its own. `execute_all` (the default) answers every one; `deny_on_first_deny` stops after the first `false`, `permit_on_first_permit` after the first `true`, and the answer holds the decisions up to it. Without `evaluations` the call is one evaluation of the top-level members and answers `{decision}`.',
    body: authzenEvaluationsSchema,
    response: z.union([z.object({ evaluations: z.array(authzenDecisionSchema) }), authzenDecisionSchema]),
    errors: [],
  }),

  authzenSearchResource: defineCall({
    method: 'POST',
    path: AUTHZEN_PATHS.searchResource,
    audience: 'productClient',
    plain: true,
    tag: 'authzen',
    summary: 'The sites a person may do an action on, for the client’s product, paged',
    description: 'Sites in a stable order; `page.next_token` continues the search, and is empty on the last page.',
    body: authzenSearchResourceSchema,
    response: z.object({
      results: z.array(z.object({ type: z.literal('site'), id: z.string() })),
      page: z.object({ next_token: z.string(), count: z.number().int() }),
    }),
    errors: [ErrorCode.BadRequest],
  }),
};

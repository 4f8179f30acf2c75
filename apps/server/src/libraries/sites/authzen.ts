/**
 * The decision point's answers (OpenID AuthZEN Authorization API 1.0, docs/site-grants.md#decisions),
 * for one product's client: the subject is a person by the `sub` of their tokens (their account id),
 * the resource a site by its public id, the action a capability. Every question that is not about a
 * person holding a capability on an open site of the client's product is `false`, one and the same
 * answer whether the site exists, is another product's or another company's: a denial says nothing.
 */
import type { z } from 'zod';
import type {
  EVALUATIONS_SEMANTICS,
  authzenActionSchema,
  authzenResourceSchema,
  authzenSubjectSchema,
} from '@portal/shared/api/contract/authzen';
import { SITE_CAPABILITIES, type SiteCapability } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findSiteIdByPublicId } from '../../queries/site-decisions.ts';
import { decodeCursor, encodeCursor } from '../platform/cursor.ts';
import { capabilitiesOf, sitesOf } from './decisions.ts';

type Subject = z.output<typeof authzenSubjectSchema>;
type Resource = z.output<typeof authzenResourceSchema>;
type Action = z.output<typeof authzenActionSchema>;
export type EvaluationsSemantic = (typeof EVALUATIONS_SEMANTICS)[number];

/** A `sub` of the provider: the account's id, as findAccount reads it (build-provider.ts). */
const SUB = /^[1-9][0-9]{0,14}$/;
const SITE_ID = /^site_[A-Za-z0-9_-]{22}$/;

const isCapability = (name: string): name is SiteCapability => (SITE_CAPABILITIES as readonly string[]).includes(name);

function personOf(subject: Subject): number | null {
  return subject.type === 'user' && SUB.test(subject.id) ? Number(subject.id) : null;
}

/** One evaluation: whether the person holds the capability on the site now, for the product. */
export async function evaluate(
  ctx: AppContext,
  product: ProductCode,
  request: { subject: Subject; resource: Resource; action: Action },
): Promise<boolean> {
  const userId = personOf(request.subject);
  const { resource, action } = request;
  if (userId === null || resource.type !== 'site' || !SITE_ID.test(resource.id) || !isCapability(action.name))
    return false;
  const site = await findSiteIdByPublicId(ctx.db, resource.id);
  if (!site) return false;
  const capabilities = await capabilitiesOf(ctx.db, { userId, siteId: site.id, product, at: ctx.now() });
  return capabilities.has(action.name);
}

/** The member of an evaluation named `field` where it names it, else the request's own (1000400 without either). */
function memberOf<T>(own: T | undefined, shared: T | undefined, field: string, index: number): T {
  const value = own ?? shared;
  if (value === undefined)
    throw new AppError(ErrorCode.BadRequest, { fields: { [`evaluations.${index}.${field}`]: 'validation.required' } });
  return value;
}

/**
 * A batch: each evaluation with the request's subject, resource and action where it names none, in
 * order, stopping after the first `false` (`deny_on_first_deny`) or `true` (`permit_on_first_permit`).
 * Every evaluation is complete before any is answered, so that a malformed one refuses the whole batch.
 */
export async function evaluateAll(
  ctx: AppContext,
  product: ProductCode,
  request: {
    subject?: Subject;
    resource?: Resource;
    action?: Action;
    evaluations: { subject?: Subject; resource?: Resource; action?: Action }[];
    semantic: EvaluationsSemantic;
  },
): Promise<{ decision: boolean }[]> {
  const questions = request.evaluations.map((item, index) => ({
    subject: memberOf(item.subject, request.subject, 'subject', index),
    resource: memberOf(item.resource, request.resource, 'resource', index),
    action: memberOf(item.action, request.action, 'action', index),
  }));
  const answers: { decision: boolean }[] = [];
  for (const question of questions) {
    const decision = await evaluate(ctx, product, question);
    answers.push({ decision });
    if (request.semantic === 'deny_on_first_deny' && !decision) break;
    if (request.semantic === 'permit_on_first_permit' && decision) break;
  }
  return answers;
}

function afterOf(token: string | undefined): number | undefined {
  if (!token) return undefined;
  try {
    return decodeCursor(token, ['id'])![0];
  } catch {
    throw new AppError(ErrorCode.BadRequest, { fields: { 'page.token': 'validation.invalidValue' } });
  }
}

/**
 * The sites a person may do `action` on, for the product, through any of their companies, in site id
 * order: `limit` of them after the page token, and the token of the next page (empty on the last).
 */
export async function searchSites(
  ctx: AppContext,
  product: ProductCode,
  request: { subject: Subject; action: Action; resource: { type: string }; token?: string; limit: number },
): Promise<{ ids: string[]; nextToken: string }> {
  let after = afterOf(request.token);
  const userId = personOf(request.subject);
  const { action, limit } = request;
  if (userId === null || request.resource.type !== 'site' || !isCapability(action.name))
    return { ids: [], nextToken: '' };
  const at = ctx.now();
  const found: { siteId: number; publicId: string }[] = [];
  // the sites come a page at a time, each with all it gives the person; those without the action are
  // passed over, until one beyond the page says that more follow
  for (;;) {
    const batch = await sitesOf(ctx.db, { userId, product, at, limit: limit + 1, after });
    found.push(...batch.filter((site) => site.capabilities.includes(action.name as SiteCapability)));
    if (found.length > limit || batch.length <= limit) break;
    after = batch[batch.length - 1]!.siteId;
  }
  const page = found.slice(0, limit);
  const more = found.length > limit;
  return {
    ids: page.map((site) => site.publicId),
    nextToken: more ? encodeCursor([page[page.length - 1]!.siteId]) : '',
  };
}

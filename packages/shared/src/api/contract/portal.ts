import { ErrorCode } from '../../errors/error-codes.ts';
import {
  enterEnterpriseQuerySchema,
  enterEnterpriseResponseSchema,
  portalInfoSchema,
  portalUserAdminSchema,
} from '../portal.ts';
import { portalSitesSchema } from '../sites.ts';
import {
  enterAsSupportRequestSchema,
  supportCompaniesSchema,
  supportSessionSchema,
  supportSessionStateSchema,
} from '../support.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

/** The home page: the user's companies and their products. */
export const portalCalls = {
  portalInfo: defineCall({
    method: 'GET',
    path: `${F}/portal/info`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "The user's companies, the products each has rights to, and the current company",
    response: portalInfoSchema,
    errors: [],
  }),

  portalSites: defineCall({
    method: 'GET',
    path: `${F}/portal/sites`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "The sites the user may act on in the current company's products: the home's launcher cards",
    description:
      "Each site once per product, for the products of the current company that the site is on: the company's own sites (its administrators hold every one; its members those assigned to them) and the sites granted to it that the user is assigned to, while every grant of the chain is in effect. At most 50 per product, in site order; `truncated` says a product had more. Empty without a current company.",
    response: portalSitesSchema,
    errors: [],
  }),

  enterEnterprise: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/portal/enterprise/enter`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "Switch the session's current company",
    description: '1000403 with header `redirect-page: 001` when the user is not a member.',
    query: enterEnterpriseQuerySchema,
    response: enterEnterpriseResponseSchema,
    errors: [ErrorCode.Forbidden],
  }),

  portalAdmin: defineCall({
    method: 'GET',
    path: `${F}/portal/user/admin`,
    audience: 'signedIn',
    tag: 'portal',
    summary: 'Whether the user administers the current company',
    response: portalUserAdminSchema,
    errors: [],
  }),

  supportCompanies: defineCall({
    method: 'GET',
    path: `${F}/portal/support/companies`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "The companies that let the platform's support in now: for its support staff, none for anyone else",
    response: supportCompaniesSchema,
    errors: [],
  }),

  enterAsSupport: defineCall({
    method: 'POST',
    path: `${F}/portal/support/enter`,
    audience: 'signedIn',
    notForSupport: true,
    tag: 'portal',
    summary: "Enter a company as the platform's support, within the window it granted",
    description:
      'The session then works in the company until the window ends; its product tokens carry `act` (docs/support-access.md). 1009292 when the company has no open window or the person is no support staff, alike.',
    body: enterAsSupportRequestSchema,
    response: supportSessionSchema,
    errors: [ErrorCode.SupportAccessUnavailable],
  }),

  supportSession: defineCall({
    method: 'GET',
    path: `${F}/portal/support/session`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "Who acts as the platform's support in this session, in which company and until when",
    response: supportSessionStateSchema,
    errors: [],
  }),
};

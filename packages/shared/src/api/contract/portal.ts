import { ErrorCode } from '../../errors/error-codes.ts';
import {
  enterEnterpriseQuerySchema,
  enterEnterpriseResponseSchema,
  portalInfoSchema,
  portalUserAdminSchema,
} from '../portal.ts';
import { portalSitesSchema } from '../sites.ts';
import {
  SUPPORT_ACCESS_MAX_HOURS,
  SUPPORT_REQUESTS_OPEN_PER_COMPANY,
  SUPPORT_REQUESTS_OPEN_PER_PERSON,
  SUPPORT_REQUEST_OPEN_HOURS,
  enterAsSupportRequestSchema,
  mySupportRequestsSchema,
  requestSupportAccessRequestSchema,
  supportCompaniesSchema,
  supportRequestSchema,
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

  requestSupportAccess: defineCall({
    method: 'POST',
    path: `${F}/portal/support/request`,
    audience: 'signedIn',
    notForSupport: true,
    tag: 'portal',
    summary: "Ask a company, as the platform's support, to let the support in for some hours",
    description: `For support staff (docs/support-access.md#requests). \`domain\` names the company; \`hours\` 1-${SUPPORT_ACCESS_MAX_HOURS}, \`reason\`, and \`siteIds\` some of its sites (none: the whole company; one that is not the company's answers 1000404, a retired one 1009243). An unknown company, the person's own support company and a person who is no support staff all answer 1009293 alike. One open request per person and company (1009294); at most ${SUPPORT_REQUESTS_OPEN_PER_PERSON} open requests per person (1009295) and ${SUPPORT_REQUESTS_OPEN_PER_COMPANY} per company (1009296), counted and taken in one statement. Open for ${SUPPORT_REQUEST_OPEN_HOURS} hours. The company's administrators are told by email; \`support_access.requested\` and an audit row go to the company.`,
    body: requestSupportAccessRequestSchema,
    response: supportRequestSchema,
    errors: [
      ErrorCode.SupportRequestUnavailable,
      ErrorCode.SupportRequestPending,
      ErrorCode.SupportRequestPersonLimit,
      ErrorCode.SupportRequestCompanyLimit,
      ErrorCode.NotFound,
      ErrorCode.SiteRetired,
    ],
  }),

  mySupportRequests: defineCall({
    method: 'GET',
    path: `${F}/portal/support/requests`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "A support person's own support requests, newest first; `staff` false for anyone else",
    response: mySupportRequestsSchema,
    errors: [],
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

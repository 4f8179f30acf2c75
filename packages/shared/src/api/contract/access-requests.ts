import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  ACCESS_REQUESTS_OPEN_PER_COMPANY,
  ACCESS_REQUESTS_OPEN_PER_PERSON,
  ACCESS_REQUEST_HOURS_MAX,
  ACCESS_REQUEST_OPEN_HOURS,
  accessRequestIdRequestSchema,
  accessRequestPageSchema,
  accessRequestSchema,
  accessRequestsQuerySchema,
  approveAccessRequestRequestSchema,
  myAccessRequestsSchema,
  requestSiteAccessRequestSchema,
} from '../access-requests.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F, COMPANY_SETTINGS_PREFIX as S } from './prefixes.ts';
import { ADMINISTRATOR_ONLY } from './settings.ts';

/** Access to a site on request (docs/site-grants.md#requests-for-a-site). */
export const accessRequestCalls = {
  requestSiteAccess: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${F}/site-access/request`,
    audience: 'signedIn',
    tag: 'portal',
    summary: 'Ask the owner of a site for access to it, for a while',
    description: `For the session's current company: \`siteId\` the site's public id (its page shows it, and a link to this request), \`template\` a role template, \`hours\` 1-${ACCESS_REQUEST_HOURS_MAX} (the owner's cap), \`reason\`. A site that does not exist, a retired one, one of the person's own company, or one on no product the company holds all answer 1000404 alike. When the company holds the site already under a narrower template, the request is to widen it for the hours (\`widens\`); as widely already: 1009274. At most ${ACCESS_REQUESTS_OPEN_PER_PERSON} open requests per person (1009270) and ${ACCESS_REQUESTS_OPEN_PER_COMPANY} per company (1009271), one per person and site (1009275), counted and taken in one statement. Open for ${ACCESS_REQUEST_OPEN_HOURS} hours. The owner's administrators are told by email; \`access_request.created\` and an audit row go to both companies.`,
    body: requestSiteAccessRequestSchema,
    response: accessRequestSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.AccessRequestPersonLimit,
      ErrorCode.AccessRequestCompanyLimit,
      ErrorCode.AccessRequestHeld,
      ErrorCode.AccessRequestPending,
    ],
  }),

  myAccessRequests: defineCall({
    method: 'GET',
    path: `${F}/site-access/mine`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "The person's own requests for sites, newest first",
    response: myAccessRequestsSchema,
    errors: [],
  }),

  accessRequests: defineCall({
    method: 'GET',
    path: `${S}/sites/access-requests`,
    audience: 'administrator',
    tag: 'settings',
    summary: "Requests for the company's sites",
    description: `${ADMINISTRATOR_ONLY} Newest first; \`status\` \`open\` (default) or \`all\`; \`openCount\` counts the open ones. Paged by a cursor.`,
    query: accessRequestsQuerySchema,
    response: accessRequestPageSchema,
    errors: [],
  }),

  approveAccessRequest: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/sites/access-requests/approve`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Approve a request for a site: a grant that ends by itself',
    description: `${ADMINISTRATOR_ONLY} A person with a fresh proof (1009166; a company API key: 1009201). \`hours\` and \`template\` default to the request's, never longer or wider (1009273). Makes a grant of the site to the requesting company from now for the hours, and assigns the person to it; approving a request decided or expired is 1009272, so of many approvals of one request exactly one makes a grant. The person is told by email; \`access_request.approved\` and \`site_grant.created\` go to both companies. 1000404 for a request of another company's site.`,
    body: approveAccessRequestRequestSchema,
    response: accessRequestSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.ReauthenticationRequired,
      ErrorCode.AccessRequestNotOpen,
      ErrorCode.AccessRequestApprovalWider,
      ErrorCode.SiteRetired,
      ErrorCode.GrantLimit,
    ],
  }),

  refuseAccessRequest: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/sites/access-requests/refuse`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Refuse a request for a site',
    description: `${ADMINISTRATOR_ONLY} The person is told by email; \`access_request.refused\` goes to both companies. 1009272 when decided or expired already; 1000404 for another company's.`,
    body: accessRequestIdRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound, ErrorCode.AccessRequestNotOpen],
  }),
};

import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  ACCESS_REQUESTS_OPEN_PER_COMPANY,
  ACCESS_REQUESTS_OPEN_PER_PERSON,
  ACCESS_REQUEST_CAP_HOURS_DEFAULT,
  ACCESS_REQUEST_CAP_HOURS_MAX,
  ACCESS_REQUEST_CAP_HOURS_MIN,
  ACCESS_REQUEST_HOURS_MAX,
  ACCESS_REQUEST_OPEN_HOURS,
  accessRequestCapSchema,
  accessRequestIdRequestSchema,
  accessRequestPageSchema,
  accessRequestSchema,
  accessRequestsQuerySchema,
  approveAccessRequestRequestSchema,
  myAccessRequestsSchema,
  requestSiteAccessRequestSchema,
  siteAccessLookupQuerySchema,
  siteAccessLookupSchema,
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
    description: `For the session's current company: \`siteId\` the site's public id (its page shows it, and a link to this request), \`template\` a role template, \`hours\` 1-${ACCESS_REQUEST_HOURS_MAX} and no longer than the owner's cap (\`site-access/site\` answers it; longer: 1009276, its \`data.capHours\` the cap, read under the owner's lock), \`reason\`. A site that does not exist, a retired one, one of the person's own company, or one on no product the company holds all answer 1000404 alike. When the company holds the site already under a narrower template, the request is to widen it for the hours (\`widens\`); as widely already: 1009274. At most ${ACCESS_REQUESTS_OPEN_PER_PERSON} open requests per person (1009270) and ${ACCESS_REQUESTS_OPEN_PER_COMPANY} per company (1009271), one per person and site (1009275), counted and taken in one statement. Open for ${ACCESS_REQUEST_OPEN_HOURS} hours. The owner's administrators are told by email; \`access_request.created\` and an audit row go to both companies.`,
    body: requestSiteAccessRequestSchema,
    response: accessRequestSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.AccessRequestPersonLimit,
      ErrorCode.AccessRequestCompanyLimit,
      ErrorCode.AccessRequestHeld,
      ErrorCode.AccessRequestPending,
      ErrorCode.AccessRequestOverCap,
    ],
  }),

  siteAccessLookup: defineCall({
    method: 'GET',
    path: `${F}/site-access/site`,
    audience: 'signedIn',
    tag: 'portal',
    summary: 'The site a person may ask for, and the longest access its owner grants on request',
    description: `For the session's current company, by the site's public id: its name, its owner, and \`capHours\`, the owner's cap of access on request (${ACCESS_REQUEST_CAP_HOURS_MIN}-${ACCESS_REQUEST_CAP_HOURS_MAX} hours; ${ACCESS_REQUEST_CAP_HOURS_DEFAULT} until the owner sets one), so the request's screen offers nothing longer. 1000404 for every site \`site-access/request\` answers 1000404 for: it tells no more than a request would.`,
    query: siteAccessLookupQuerySchema,
    response: siteAccessLookupSchema,
    errors: [ErrorCode.NotFound],
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
    description: `${ADMINISTRATOR_ONLY} A person with a fresh proof (1009166; a company API key: 1009201). \`hours\` and \`template\` default to the request's, never longer or wider (1009273); when the owner's cap was lowered below them since the request was made, the grant is cut to the cap (read under the company's lock) rather than refused. Makes a grant of the site to the requesting company from now for the hours, and assigns the person to it; approving a request decided or expired is 1009272, so of many approvals of one request exactly one makes a grant. The person is told by email; \`access_request.approved\` and \`site_grant.created\` go to both companies. 1000404 for a request of another company's site.`,
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

  accessRequestCap: defineCall({
    method: 'GET',
    path: `${S}/sites/access-requests/cap`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'The longest access the company grants on request',
    description: `${ADMINISTRATOR_ONLY} \`capHours\`: ${ACCESS_REQUEST_CAP_HOURS_MIN}-${ACCESS_REQUEST_CAP_HOURS_MAX}, ${ACCESS_REQUEST_CAP_HOURS_DEFAULT} (7 days) until saved.`,
    response: accessRequestCapSchema,
    errors: [],
  }),

  saveAccessRequestCap: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/sites/access-requests/cap/save`,
    audience: 'administrator',
    tag: 'settings',
    summary: 'Save the longest access the company grants on request',
    description: `${ADMINISTRATOR_ONLY} \`capHours\` a whole number ${ACCESS_REQUEST_CAP_HOURS_MIN}-${ACCESS_REQUEST_CAP_HOURS_MAX} (30 days), else 1000400. Saved under the company's lock, so a request of its sites made meanwhile is checked against the cap before or after, never between. Requests longer than a new lower cap are refused from then on (1009276); an open one approved later is cut to the cap. \`company.access_request_cap_changed\` (when it changed) and an audit row \`access-request.cap\` go to the company.`,
    body: accessRequestCapSchema,
    response: z.null(),
    errors: [],
  }),
};

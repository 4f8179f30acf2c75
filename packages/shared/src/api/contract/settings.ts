import { z } from 'zod';
import { ErrorCode } from '../../errors/error-codes.ts';
import {
  AUDIT_PAGE_SIZE_DEFAULT,
  AUDIT_PAGE_SIZE_MAX,
  AUDIT_PEOPLE_MAX,
  auditEventPageSchema,
  auditEventsQuerySchema,
  auditExportQuerySchema,
  auditPeopleQuerySchema,
  auditPeopleSchema,
} from '../audit.ts';
import {} from '../personalization.ts';
import {
  INVITATIONS_PAGE_SIZE_DEFAULT,
  INVITATIONS_PAGE_SIZE_MAX,
  companyInvitationListSchema,
  companyInvitationsQuerySchema,
  createCompanyInvitationRequestSchema,
  createDepartmentRequestSchema,
  createDepartmentResponseSchema,
  createdCompanyInvitationSchema,
  createMemberRequestSchema,
  createMemberResponseSchema,
  deleteDepartmentRequestSchema,
  departmentListSchema,
  memberPageSchema,
  membersQuerySchema,
  personalizationIconResponseSchema,
  removeMemberRequestSchema,
  renameDepartmentRequestSchema,
  revokeCompanyInvitationRequestSchema,
  savePersonalizationRequestSchema,
  updateMemberRequestSchema,
} from '../settings.ts';
import {
  approveSupportRequestRequestSchema,
  grantSupportAccessRequestSchema,
  supportAccessSchema,
  supportAccessStateSchema,
  supportRequestIdRequestSchema,
  supportRequestListSchema,
} from '../support.ts';
import { securitySettingsSchema, securityStateSchema } from '../two-step.ts';
import { defineCall } from './define.ts';
import { COMPANY_SETTINGS_PREFIX as S, SETTINGS_PREFIX } from './prefixes.ts';

/** The first words of every administrator call's description. */
export const ADMINISTRATOR_ONLY =
  "The session's current company; administrators of a company with the `settcntr` product only (others, and every administrator of a company without it: 1000403 with `redirect-page: 001`; no session: 1000401).";

/** The parts of the icon upload, for the API description; the route reads them itself. */
export const iconUploadSchema = z.strictObject({
  file: z.file().describe('A JPG or PNG image (by its content), under 5 MB.'),
});

/** The CSV text: never serialized by a schema. */
export const csvSchema = z.any().meta({ type: 'string', format: 'binary' });

const NAME_RULE =
  'A name is 1-30 characters, trimmed, unique among its siblings (exact match; top-level departments are siblings): a taken name is 1000400 with `fields.name: validation.departmentNameTaken`.';

const KEY_MEMBERS_ONLY =
  'A company API key with `members.manage` manages members (role `member`) only: granting the `admin` role, or changing or removing an administrator, is 1009200.';

const AUDIT_FILTERS =
  '`userId` keeps the events of one acting person, `action` those of one action (its code, such as `member.update`), `from` (inclusive) and `to` (exclusive) a span of time, each an ISO 8601 moment with its offset; the filters combine.';

/** The settings centre, on the session's current company. */
export const settingsCalls = {
  savePersonalization: defineCall({
    method: 'POST',
    path: `${S}/personalization/save`,
    audience: 'administrator',
    tag: 'settings',
    summary: "Save the company's platform names and language",
    description: `${ADMINISTRATOR_ONLY} Each name 1-30 characters, trimmed; \`languageType\` one of the six languages. The personalization query shows them at once.`,
    body: savePersonalizationRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  uploadIcon: defineCall({
    method: 'POST',
    path: `${S}/personalization/icon`,
    audience: 'administrator',
    tag: 'settings',
    summary: "Upload the company's icon (the favicon)",
    description: `${ADMINISTRATOR_ONLY} \`multipart/form-data\` with one part, the file \`file\`: a JPG or PNG by its content (the file name and declared type do not count), under 5 MB. Another part, no file, or another kind of image: 1000400; 5 MB or more: 1000413 (HTTP 413). Answers the new icon URL; its version moves on, so caches fetch it anew.`,
    upload: iconUploadSchema,
    response: personalizationIconResponseSchema,
    errors: [ErrorCode.PayloadTooLarge, ErrorCode.NotFound],
  }),

  resetIcon: defineCall({
    method: 'POST',
    path: `${S}/personalization/icon/reset`,
    audience: 'administrator',
    tag: 'settings',
    summary: "Reset the company's icon to the platform's",
    description: `${ADMINISTRATOR_ONLY} No body. The uploaded icon is removed and the platform's icon shows again; answers the company's icon URL, whose version moves on as after an upload.`,
    response: personalizationIconResponseSchema,
    errors: [ErrorCode.NotFound],
  }),

  members: defineCall({
    method: 'GET',
    path: `${S}/members`,
    audience: 'administrator',
    apiKey: 'members.read',
    tag: 'settings',
    summary: "A page of the company's members",
    description: `${ADMINISTRATOR_ONLY} In the order they joined. \`keyword\` matches part of the account, name, phone or email, ignoring letter case (ASCII letters on SQLite). \`pageSize\` 1-100 (default 20). Paged by a cursor on the time of joining and the user id: \`cursor\` is the \`nextCursor\` of the page before (null after the last page), and members joining meanwhile neither repeat nor shift a page; \`total\` is counted on the first page and null after it. A cursor the server did not make answers 1000400 with \`fields.cursor\`. Without \`cursor\`, \`page\` (from 1) still pages by offset, with \`total\` on every page, as the API contract has it; a page deep in a large company reads every member before it. \`joinedAt\` is ISO 8601.`,
    query: membersQuerySchema,
    response: memberPageSchema,
    errors: [],
  }),

  createMember: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/members/create`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: 'Create an account for a new member, for account sign-in',
    description: `${ADMINISTRATOR_ONLY} The account is stored in lower case. The phone and email, if given, are unproven (no code proved them): they open nothing and block nobody, so any phone or email is accepted and the answer never tells whether another account has it; after the cut-off date the person proves the phone at the first sign-in. Role \`member\` unless given; the default department unless \`departmentId\` (1000404 when it is not this company's). A taken account name: 1000400 with \`fields.account: validation.accountTaken\`. ${KEY_MEMBERS_ONLY}`,
    body: createMemberRequestSchema,
    response: createMemberResponseSchema,
    errors: [ErrorCode.NotFound, ErrorCode.ApiKeyAdministratorRefused],
  }),

  updateMember: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/members/update`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: "Change a member's role or department",
    description: `${ADMINISTRATOR_ONLY} What is omitted stays. 1000404 when the user is not a member of this company or the department is not this company's; 1000403 with \`data.reason: lastAdmin\` when it would demote the last administrator. A demoted administrator's API keys are revoked with the change. ${KEY_MEMBERS_ONLY}`,
    body: updateMemberRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound, ErrorCode.ApiKeyAdministratorRefused],
  }),

  removeMember: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/members/remove`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: 'Take a member out of the company',
    description: `${ADMINISTRATOR_ONLY} The account itself stays. Removing oneself is allowed. 1000404 when the user is not a member; 1000403 with \`data.reason: lastAdmin\` for the last administrator. The removed person's sessions fall back to another company of theirs (or none) on their next request; a removed administrator's API keys are revoked with the change. ${KEY_MEMBERS_ONLY}`,
    body: removeMemberRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound, ErrorCode.ApiKeyAdministratorRefused],
  }),

  departments: defineCall({
    method: 'GET',
    path: `${S}/departments`,
    audience: 'administrator',
    apiKey: 'members.read',
    tag: 'settings',
    summary: "The company's departments",
    description: `${ADMINISTRATOR_ONLY} A flat list in the order they were made; \`parentId\` null for a top-level department. \`memberCount\` counts the members of the department and of every department under it, so a department whose tree has members cannot be deleted (1009107).`,
    response: departmentListSchema,
    errors: [],
  }),

  createDepartment: defineCall({
    method: 'POST',
    path: `${S}/departments/create`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: 'Create a department',
    description: `${ADMINISTRATOR_ONLY} Top-level without \`parentId\`; 1000404 when the parent is not this company's. ${NAME_RULE}`,
    body: createDepartmentRequestSchema,
    response: createDepartmentResponseSchema,
    errors: [ErrorCode.NotFound],
  }),

  renameDepartment: defineCall({
    method: 'POST',
    path: `${S}/departments/rename`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: 'Rename a department',
    description: `${ADMINISTRATOR_ONLY} The default department may be renamed too. 1000404 for a department that is not this company's. ${NAME_RULE}`,
    body: renameDepartmentRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  deleteDepartment: defineCall({
    method: 'POST',
    path: `${S}/departments/delete`,
    audience: 'administrator',
    apiKey: 'members.manage',
    tag: 'settings',
    summary: 'Delete a department with its sub-departments',
    description: `${ADMINISTRATOR_ONLY} The department and every department under it go together, all or nothing. 1009109 for the default department; 1009107 when it or any department under it has members (move them first); 1000404 for a department that is not this company's. Invitation links into a deleted department put their people in the default department.`,
    body: deleteDepartmentRequestSchema,
    response: z.null(),
    errors: [ErrorCode.DefaultDepartment, ErrorCode.DepartmentHasMembers, ErrorCode.NotFound],
  }),

  invitations: defineCall({
    method: 'GET',
    path: `${S}/invitations`,
    audience: 'administrator',
    apiKey: 'invitations.manage',
    tag: 'settings',
    summary: "The company's invitation links, newest first",
    description: `${ADMINISTRATOR_ONLY} Paged by a cursor on the time of creation and id: \`pageSize\` 1-${INVITATIONS_PAGE_SIZE_MAX} (default ${INVITATIONS_PAGE_SIZE_DEFAULT}), \`cursor\` the \`nextCursor\` of the page before (null after the last page; 1000400 with \`fields.cursor\` for one the server did not make). \`id\` is the row id (the link's secret is not stored). \`status\` is what \`referral/info\` says: revoked outranks used, used outranks expired. \`createdBy\` is the creator's name; null for a link of the platform operator or of a deleted account.`,
    query: companyInvitationsQuerySchema,
    response: companyInvitationListSchema,
    errors: [],
  }),

  createInvitation: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/invitations/create`,
    audience: 'administrator',
    apiKey: 'invitations.manage',
    tag: 'settings',
    summary: 'Create an invitation link into the company',
    description: `${ADMINISTRATOR_ONLY} \`member\`: joins the company, into \`departmentId\` (this company's, \`member\` only; else 1000400) or the default department; \`owner\`: registers an owner company under this one. Expires after \`expiresInHours\` (default 72, at most 168); \`maxUses\` 1-1000 (default 1). \`id\` is the link's secret, shown only now (only its hash is stored); \`invitationId\` is the row id that the list and revocation use. The administrator is the inviter the link names.`,
    body: createCompanyInvitationRequestSchema,
    response: createdCompanyInvitationSchema,
    errors: [],
  }),

  revokeInvitation: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/invitations/revoke`,
    audience: 'administrator',
    apiKey: 'invitations.manage',
    tag: 'settings',
    summary: 'Revoke an invitation link',
    description: `${ADMINISTRATOR_ONLY} By row id; 1000404 for a link of another company. Revoking twice is harmless. The link then answers \`revoked\`.`,
    body: revokeCompanyInvitationRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound],
  }),

  security: defineCall({
    method: 'GET',
    path: `${S}/security`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The company's sign-in rules",
    description: `${ADMINISTRATOR_ONLY} \`requireTwoStep\`: members without two-step sign-in are led to set it up at their next sign-in. \`members\` and \`membersWithoutTwoStep\` count who turning it on touches; \`administratorHasTwoStep\` false means turning it on answers 1009168.`,
    response: securityStateSchema,
    errors: [],
  }),

  saveSecurity: defineCall({
    notForSupport: true,
    method: 'POST',
    path: `${S}/security/save`,
    audience: 'administrator',
    tag: 'settings',
    summary: "Save the company's sign-in rules",
    description: `${ADMINISTRATOR_ONLY} With \`requireTwoStep\` on, a member without two-step sign-in still signs in, but the sign-in and \`user/current\` answers say \`twoStepSetupRequired: true\` and the web app leads them to set it up first. It applies to everyone who belongs to the company, in whichever company they work. Turning it on without two-step sign-in of one's own answers 1009168.`,
    body: securitySettingsSchema,
    response: z.null(),
    errors: [ErrorCode.TwoStepAdministratorMissing],
  }),

  auditEvents: defineCall({
    method: 'GET',
    path: `${SETTINGS_PREFIX}/audit/events`,
    audience: 'administrator',
    tag: 'settings',
    summary: "A page of the company's audit log",
    description: `${ADMINISTRATOR_ONLY} The company's events, newest first (\`id\` orders those of one millisecond): its members' sign-ins (a sign-in belongs to the company the session lands in, and a switch into the company counts as \`enterprise.enter\`), joins through links (\`invitation.redeem\`, also in the inviting company when a link registers an owner company), changes of members, roles and departments (\`member.update\` says what changed, from and to), invitations created and revoked, branding changes, the person's own password, phone and email changes made while in the company, and exports of this log (\`audit.export\`). ${AUDIT_FILTERS} \`pageSize\` 1-${AUDIT_PAGE_SIZE_MAX} (default ${AUDIT_PAGE_SIZE_DEFAULT}); paged by a cursor on time and id: \`cursor\` is the \`nextCursor\` of the page before (null after the last page), and events recorded meanwhile neither repeat nor shift a page. A cursor the server did not make answers 1000400 with \`fields.cursor\`. \`total\` counts the filter's events on the first page (no \`cursor\`) and is null on the pages after it. \`at\` is ISO 8601; \`actor\` is null for an event without a person. \`detail\` never holds a secret (tokens, hashes, codes and the like are left out) and identifiers in it are masked; an event about a member carries \`memberName\` beside \`memberId\`.`,
    query: auditEventsQuerySchema,
    response: auditEventPageSchema,
    errors: [],
  }),

  auditEventsCsv: defineCall({
    method: 'GET',
    path: `${SETTINGS_PREFIX}/audit/events.csv`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The company's audit log as a CSV file",
    description: `${ADMINISTRATOR_ONLY} Every event of the same filters as \`GET /audit/events\`, newest first, as an attachment streamed while the log is read (no length is known ahead; a file cut short by a failure ends without its last chunk, so the download fails rather than looking whole): UTF-8 with a byte order mark, RFC 4180 quoting, CRLF line ends, column titles and action names in the request's language (the \`langCode\` cookie, else the user's saved language, else Accept-Language). A cell starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is prefixed with a single quote, so that a spreadsheet never takes it for a formula. The export is recorded as \`audit.export\` with its rows once the file has ended, or with the rows sent and \`interrupted\` when the client went away. Refusals are the usual JSON envelope.`,
    query: auditExportQuerySchema,
    response: csvSchema,
    file: ['text/csv'],
    errors: [],
  }),

  auditPeople: defineCall({
    method: 'GET',
    path: `${SETTINGS_PREFIX}/audit/people`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The people of the company's audit log, for its person filter",
    description: `${ADMINISTRATOR_ONLY} Everyone who acted in the company's log, by name: members, and members removed since (\`removed: true\`), whose events stay. \`keyword\` matches the name or account, in any letter case; at most ${AUDIT_PEOPLE_MAX} people.`,
    query: auditPeopleQuerySchema,
    response: auditPeopleSchema,
    errors: [],
  }),

  supportAccess: defineCall({
    method: 'GET',
    path: `${S}/support-access`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The company's consent to the platform's support, if a window is open",
    description: `${ADMINISTRATOR_ONLY} docs/support-access.md.`,
    response: supportAccessStateSchema,
    errors: [],
  }),

  grantSupportAccess: defineCall({
    method: 'POST',
    path: `${S}/support-access/grant`,
    audience: 'administrator',
    notForSupport: true,
    tag: 'settings',
    summary: "Let the platform's support enter the company for some hours",
    description: `${ADMINISTRATOR_ONLY} Needs a fresh proof (1009166). One window at a time: 1009290 while one is open. The support's sessions and product sign-ins end at its end or at the revoke. \`siteIds\` limits it to some of the company's sites (the support's \`sites\` claim and decisions name only those, under the \`support\` template): a site that is not the company's answers 1000404 as one that does not exist, a retired one 1009243.`,
    body: grantSupportAccessRequestSchema,
    response: supportAccessSchema,
    errors: [
      ErrorCode.ReauthenticationRequired,
      ErrorCode.SupportAccessActive,
      ErrorCode.NotFound,
      ErrorCode.SiteRetired,
    ],
  }),

  supportRequests: defineCall({
    method: 'GET',
    path: `${S}/support-access/requests`,
    audience: 'administrator',
    tag: 'settings',
    summary: "The platform's support's open requests to enter the company, newest first",
    description: `${ADMINISTRATOR_ONLY} docs/support-access.md#requests.`,
    response: supportRequestListSchema,
    errors: [],
  }),

  approveSupportRequest: defineCall({
    method: 'POST',
    path: `${S}/support-access/requests/approve`,
    audience: 'administrator',
    notForSupport: true,
    tag: 'settings',
    summary: 'Approve a support request: the window it asks for, granted now',
    description: `${ADMINISTRATOR_ONLY} Grants the window as \`grant\` does, for the request's sites and its hours or fewer (\`hours\`; longer: 1009298): a fresh proof (1009166), and 1009290 while a window is open. A request decided or expired is 1009297, so of many approvals of one request at most one opens a window. The support person is told by email. 1000404 for another company's request.`,
    body: approveSupportRequestRequestSchema,
    response: supportAccessSchema,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.ReauthenticationRequired,
      ErrorCode.SupportRequestNotOpen,
      ErrorCode.SupportRequestApprovalLonger,
      ErrorCode.SupportAccessActive,
      ErrorCode.SiteRetired,
    ],
  }),

  refuseSupportRequest: defineCall({
    method: 'POST',
    path: `${S}/support-access/requests/refuse`,
    audience: 'administrator',
    notForSupport: true,
    tag: 'settings',
    summary: 'Refuse a support request',
    description: `${ADMINISTRATOR_ONLY} The support person is told by email; \`support_access.refused\` goes to the company's events. 1009297 when decided or expired already; 1000404 for another company's.`,
    body: supportRequestIdRequestSchema,
    response: z.null(),
    errors: [ErrorCode.NotFound, ErrorCode.SupportRequestNotOpen],
  }),

  revokeSupportAccess: defineCall({
    method: 'POST',
    path: `${S}/support-access/revoke`,
    audience: 'administrator',
    notForSupport: true,
    tag: 'settings',
    summary: "End the platform's support access now",
    description: `${ADMINISTRATOR_ONLY} The support's portal sessions in the company end at once, and the products are told by back-channel logout within seconds. 1009292 when no window is open.`,
    body: z.strictObject({}),
    response: z.null(),
    errors: [ErrorCode.SupportAccessUnavailable],
  }),
};

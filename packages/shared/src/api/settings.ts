import { z } from 'zod';
import { COMPANY_FIELD_MAX, INVITATION_MAX_HOURS } from '../constants.ts';
import {
  accountSchema,
  emailSchema,
  languageSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  requestString,
} from '../validation/rules.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';
import { MEMBER_ROLES } from './portal.ts';
import { INVITATION_KINDS, INVITATION_MAX_USES, invitationLinkSchema, optionalUnlessBlank } from './registration.ts';

/**
 * Requests and responses of the settings centre (`S`). Every call acts on the session's current
 * company; no request names the company, so none of these schemas has an enterprise id.
 */

/** Row ids are 32-bit integer columns: a larger number would fail in PostgreSQL instead of here. */
export const rowIdSchema = z.number({ error: 'validation.invalidValue' }).int().positive().max(2_147_483_647);

/** Required, trimmed, at most COMPANY_FIELD_MAX characters (docs/field-rules.md#company-fields), counted as code
 *  points. */
function shortTextSchema(requiredKey: string) {
  return requestString({ error: requiredKey, trim: true })
    .min(1, requiredKey)
    .refine((v) => [...v].length <= COMPANY_FIELD_MAX, 'validation.companyFieldTooLong');
}

// ---- personalization (branding) ----

/** `POST S/enterprise/personalization/save` */
export const savePersonalizationRequestSchema = z.strictObject({
  platformName: shortTextSchema('validation.platformNameRequired'),
  platformNameCn: shortTextSchema('validation.platformNameRequired'),
  platformNameEn: shortTextSchema('validation.platformNameRequired'),
  languageType: languageSchema,
});
export type SavePersonalizationRequest = z.infer<typeof savePersonalizationRequestSchema>;

/** `POST S/enterprise/personalization/icon` (multipart field `file`): the new, versioned icon URL. */
export const personalizationIconResponseSchema = z.object({ icon: z.string() });
export type PersonalizationIconResponse = z.infer<typeof personalizationIconResponseSchema>;

// ---- members ----

export const MEMBERS_PAGE_SIZE_DEFAULT = 20;
export const MEMBERS_PAGE_SIZE_MAX = 100;

/** `GET S/enterprise/members?cursor=&pageSize=&keyword=` (or `page=` instead of `cursor`, the offset
 *  paging of the API contract); `keyword` matches account, name, phone or email. */
export const membersQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEMBERS_PAGE_SIZE_MAX).default(MEMBERS_PAGE_SIZE_DEFAULT),
  keyword: optionalUnlessBlank(requestString({ trim: true }).max(64)),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;

export const memberSchema = z.object({
  userId: z.number(),
  account: z.string().nullable(),
  nickname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Whether a code proved the phone: an unproven one (typed in by an administrator, or given at
   *  registration) signs in to nothing, and another account may hold the same number. */
  phoneProven: z.boolean(),
  /** Whether a code proved the email, as for the phone. */
  emailProven: z.boolean(),
  role: z.enum(MEMBER_ROLES),
  departmentId: z.number(),
  /** ISO 8601 */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberPageSchema = z.object({
  /** The members of the search: counted for a `page` and for the first page of a cursor walk; null on
   *  the cursor's later pages. */
  total: z.number().nullable(),
  items: z.array(memberSchema),
  nextCursor: nextCursorSchema,
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** `POST S/enterprise/members/create`: an account an administrator hands out, for account sign-in. The
 *  account is stored in lower case, as sign-in compares it. */
export const createMemberRequestSchema = z.strictObject({
  account: accountSchema.transform((v) => v.toLowerCase()),
  nickname: nameSchema,
  password: passwordSchema,
  phone: optionalUnlessBlank(phoneSchema),
  email: optionalUnlessBlank(emailSchema),
  role: z.enum(MEMBER_ROLES).optional(),
  departmentId: rowIdSchema.optional(),
});
export type CreateMemberRequest = z.infer<typeof createMemberRequestSchema>;
export const createMemberResponseSchema = z.object({ userId: z.number() });
export type CreateMemberResponse = z.infer<typeof createMemberResponseSchema>;

/** `POST S/enterprise/members/update`: what is omitted stays. */
export const updateMemberRequestSchema = z.strictObject({
  userId: rowIdSchema,
  role: z.enum(MEMBER_ROLES).optional(),
  departmentId: rowIdSchema.optional(),
});
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

/** `POST S/enterprise/members/remove` */
export const removeMemberRequestSchema = z.strictObject({ userId: rowIdSchema });
export type RemoveMemberRequest = z.infer<typeof removeMemberRequestSchema>;

// ---- departments ----

const departmentNameSchema = shortTextSchema('validation.departmentNameRequired');

/** `GET S/enterprise/departments`: `memberCount` counts the members of the department and of every department under
 *  it (docs/settings-centre.md#departments). */
export const departmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  isDefault: z.boolean(),
  /** The members of the department and of every department under it. */
  memberCount: z.number(),
});
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = z.array(departmentSchema);

/** `POST S/enterprise/departments/create`: without `parentId` (or with null) a top-level department. */
export const createDepartmentRequestSchema = z.strictObject({
  name: departmentNameSchema,
  parentId: rowIdSchema.nullish(),
});
export type CreateDepartmentRequest = z.infer<typeof createDepartmentRequestSchema>;
export const createDepartmentResponseSchema = z.object({ id: z.number() });

/** `POST S/enterprise/departments/rename` */
export const renameDepartmentRequestSchema = z.strictObject({ id: rowIdSchema, name: departmentNameSchema });
export type RenameDepartmentRequest = z.infer<typeof renameDepartmentRequestSchema>;

/** `POST S/enterprise/departments/delete` */
export const deleteDepartmentRequestSchema = z.strictObject({ id: rowIdSchema });
export type DeleteDepartmentRequest = z.infer<typeof deleteDepartmentRequestSchema>;

// ---- invitations ----

/** What a company administrator may invite: members, and owner companies under the company. An
 *  `admin` link (a new common company) is the platform operator's. */
export const COMPANY_INVITATION_KINDS = ['member', 'owner'] as const;

/** `POST S/enterprise/invitations/create` */
export const createCompanyInvitationRequestSchema = z.strictObject({
  kind: z.enum(COMPANY_INVITATION_KINDS),
  expiresInHours: z.number().positive().max(INVITATION_MAX_HOURS).optional(),
  departmentId: rowIdSchema.optional(),
  maxUses: z.number().int().min(1).max(INVITATION_MAX_USES).optional(),
});
export type CreateCompanyInvitationRequest = z.infer<typeof createCompanyInvitationRequestSchema>;

/** The link (shown once: only the hash of its `id` is stored) and the row id that lists and revocation use. */
export const createdCompanyInvitationSchema = invitationLinkSchema.extend({ invitationId: z.number() });
export type CreatedCompanyInvitation = z.infer<typeof createdCompanyInvitationSchema>;

export const INVITATION_STATUSES = ['valid', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** `GET S/enterprise/invitations`: `id` is the row id; `createdBy` the creator's name (null: the operator,
 *  or a deleted account). */
export const companyInvitationSchema = z.object({
  id: z.number(),
  kind: z.enum(INVITATION_KINDS),
  status: z.enum(INVITATION_STATUSES),
  uses: z.number(),
  maxUses: z.number(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;
export const INVITATIONS_PAGE_SIZE_DEFAULT = 20;
export const INVITATIONS_PAGE_SIZE_MAX = 100;

/** `GET S/enterprise/invitations?cursor=&pageSize=` */
export const companyInvitationsQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: z.coerce.number().int().min(1).max(INVITATIONS_PAGE_SIZE_MAX).default(INVITATIONS_PAGE_SIZE_DEFAULT),
});
export type CompanyInvitationsQuery = z.infer<typeof companyInvitationsQuerySchema>;

export const companyInvitationListSchema = z.object({
  items: z.array(companyInvitationSchema),
  nextCursor: nextCursorSchema,
});
export type CompanyInvitationPage = z.infer<typeof companyInvitationListSchema>;

/** `POST S/enterprise/invitations/revoke`: `id` is the row id from the list. */
export const revokeCompanyInvitationRequestSchema = z.strictObject({ id: rowIdSchema });
export type RevokeCompanyInvitationRequest = z.infer<typeof revokeCompanyInvitationRequestSchema>;

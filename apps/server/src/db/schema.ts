import type { USER_TYPES } from '@portal/shared/api/auth';
import type { CodeScene } from '@portal/shared/api/codes';
import type { MemberRole } from '@portal/shared/api/portal';
import type { InvitationKind } from '@portal/shared/api/registration';
import type { Language } from '@portal/shared/constants';
import type { ProductCode } from '@portal/shared/products';
import type { ImageType } from '@portal/shared/validation/image';
import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are epoch milliseconds and flags 0/1 integers on both
 * engines, so that every query and comparison is the same on SQLite and PostgreSQL. Text columns that
 * hold one of a fixed set of values are typed as that set: only the server writes them, always from
 * the same shared unions, so a row never holds anything else.
 */
export type UserType = (typeof USER_TYPES)[number];

export interface UsersTable {
  id: Generated<number>;
  account: string | null;
  nickname: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  lang_code: Language;
  user_type: UserType;
  phone_certified: number;
  email_verified: Generated<number>;
  disabled: number;
  last_enterprise_id: number | null;
  created_at: number;
  updated_at: number;
}

/** `common`: a company of its own; `owner`: an owner company under the company that invited it. */
export type EnterpriseKind = 'common' | 'owner';

export interface EnterprisesTable {
  id: Generated<number>;
  kind: EnterpriseKind;
  abbreviation: string;
  full_name: string;
  credit_code: string;
  domain: string;
  parent_enterprise_id: number | null;
  created_at: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  enterprise_id: number;
  name: string;
  parent_id: number | null;
  is_default: number;
  created_at: number;
}

export interface MembershipsTable {
  enterprise_id: number;
  user_id: number;
  role: MemberRole;
  /** Every member is in a department: the company's default one unless placed elsewhere. */
  department_id: number;
  joined_at: number;
}

export interface ProductsTable {
  id: Generated<number>;
  code: ProductCode;
  entry_path: string;
  sort_order: number;
}

export interface EnterpriseProductsTable {
  enterprise_id: number;
  product_id: number;
  granted_at: number;
}

export interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  kind: InvitationKind;
  enterprise_id: number | null;
  department_id: number | null;
  created_by: number | null;
  max_uses: number;
  uses: number;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  enterprise_id: number | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  scene: CodeScene;
  target: string;
  code_hash: string;
  expires_at: number;
  wrong_tries: number;
  consumed_at: number | null;
  created_at: number;
}

export interface TicketsTable {
  id: Generated<number>;
  token_hash: string;
  scene: CodeScene;
  target: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Consecutive sign-in failures of a subject: `user:<id>`, or an identifier that names no account. */
export interface SignInWaitsTable {
  subject: string;
  failures: number;
  last_failure_at: number;
  wait_until: number;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  at: number;
}

export interface PersonalizationsTable {
  enterprise_id: number;
  platform_name: string;
  platform_name_cn: string;
  platform_name_en: string;
  language_type: Language;
  icon: Uint8Array | null;
  icon_type: ImageType | null;
  icon_version: number;
  updated_at: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  action: string;
  user_id: number | null;
  enterprise_id: number | null;
  ip: string | null;
  detail: string | null;
}

export interface Database {
  users: UsersTable;
  enterprises: EnterprisesTable;
  departments: DepartmentsTable;
  memberships: MembershipsTable;
  products: ProductsTable;
  enterprise_products: EnterpriseProductsTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  tickets: TicketsTable;
  sign_in_waits: SignInWaitsTable;
  rate_events: RateEventsTable;
  personalizations: PersonalizationsTable;
  audit_events: AuditEventsTable;
}

import type { Generated } from 'kysely';
import type { USER_TYPES } from '@portal/shared/api/auth';
import type { CodeScene } from '@portal/shared/api/codes';
import type { DeviceRevokeReason } from '@portal/shared/api/devices';
import type { EventType } from '@portal/shared/api/integrations';
import type { MemberRole } from '@portal/shared/api/portal';
import type { InvitationKind } from '@portal/shared/api/registration';
import type { SiteKind, SiteRoleTemplate } from '@portal/shared/api/sites';
import type { Language } from '@portal/shared/constants';
import type { ProductCode } from '@portal/shared/products';
import type { ImageType } from '@portal/shared/validation/image';

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
  /** The authenticator app's secret (encrypted with TOTP_SECRET_KEY when set): pending while
   *  `totp_enabled_at` is null, in force once it is set. */
  totp_secret: Generated<string | null>;
  totp_enabled_at: Generated<number | null>;
  /** The last time step a code was accepted for: no code is accepted twice. */
  totp_last_step: Generated<number | null>;
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
  /** 1: members without two-step sign-in are led to set it up. */
  require_two_step: Generated<number>;
  /** The longest access to its sites it grants on request, in hours (migration 0029). */
  access_request_cap_hours: Generated<number>;
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
  /** `admin` and `owner`: the products the new company gets, a JSON array of product codes (null on
   *  the other kinds, and on owner links made before they gave products: the default then). */
  product_codes: string | null;
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
  /** The client's `User-Agent`, at most 512 characters; null for sessions older than migration 0006. */
  user_agent: Generated<string | null>;
  /** The client's IP address as the server saw it (through TRUST_PROXY); null before migration 0006. */
  ip: Generated<string | null>;
  /** The person's last proof in this session (migration 0010); null: the sign-in that opened it. */
  proven_at: Generated<number | null>;
  /** What proved the sign-in that opened it, RFC 8176 names as a JSON array (migration 0020); null before. */
  amr: Generated<string | null>;
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

/** A proof-of-work challenge handed out and not yet solved; see migration 0012. */
export interface ProofOfWorkChallengesTable {
  challenge_hash: string;
  expires_at: number;
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
  /** 1: the actor was the platform's support, not a member of the company, when the row was written. */
  support: Generated<number>;
}

/** One-time recovery codes of two-step sign-in, as SHA-256 hashes. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** A sign-in whose first step passed, waiting for its two-step code; the ticket is stored hashed. */
export interface TwoStepChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  login_type: 'password' | 'code';
  identifier_type: 'phone' | 'email' | 'account';
  wrong_tries: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A passkey (WebAuthn discoverable credential) of a user; `credential_id` is base64url. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  /** The COSE public key. */
  public_key: Uint8Array;
  /** The last signature counter the authenticator reported; 0 for authenticators that keep none. */
  counter: number;
  /** JSON array of the transports the browser reported (`internal`, `hybrid`, `usb`, ...). */
  transports: string | null;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: number;
  name: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** The challenge of one WebAuthn ceremony, stored hashed, single use. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge_hash: string;
  purpose: 'registration' | 'sign-in' | 'reauthentication';
  /** The user adding a passkey or proving it is them again; null for a sign-in, whose user the passkey names. */
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A product's client of the OpenID provider (docs/openid-provider.md#clients). URIs are JSON arrays. */
export interface OidcClientsTable {
  client_id: string;
  product_code: ProductCode;
  name: string;
  /** SHA-256 of the secret, shown once when made; null for a public client (PKCE alone). */
  secret_hash: string | null;
  /** After a rotation with an overlap, the old secret's SHA-256, accepted beside the new one until
   *  `previous_secret_until`; null when no old secret is accepted. */
  previous_secret_hash: Generated<string | null>;
  previous_secret_until: Generated<number | null>;
  /** How it proves itself at the token endpoint: `none` for a public client, `private_key_jwt` for a
   *  gateway that registered its own key. */
  auth_method: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
  redirect_uris: string;
  post_logout_redirect_uris: string;
  backchannel_logout_uri: string | null;
  /** 1: one of the platform's own products, which asks for no consent. */
  first_party: number;
  /** The products' APIs (resource indicators) it may have access tokens for, as a JSON array the
   *  operator set; null: its own product's API only. */
  resources: string | null;
  /** 1: registered for device sign-in (RFC 8628, `clients add --device`). */
  device: Generated<number>;
  /** What its ID tokens are signed with (`clients add --id-token-alg`): RS256 unless the operator said. */
  id_token_alg: Generated<SigningAlg>;
  /** The public key set (JWKS JSON) of a `private_key_jwt` client; null for every other. */
  jwks: Generated<string | null>;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One of the provider's models (Session, Interaction, AuthorizationCode, RefreshToken, Grant, ...). */
export interface OidcModelsTable {
  model: string;
  id: string;
  /** The model's payload as JSON. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  /** A device code's user code (device sign-in), as the library normalizes it. */
  user_code: string | null;
  account_id: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export type OidcKeyUse = 'sig' | 'cookie';
/** The algorithms the provider signs ID tokens with; each has its own signing keys. */
export type SigningAlg = 'RS256' | 'ES256';
/** `next`: published, not yet signing; `current`: signs; `retired`: published until its tokens expire. */
export type OidcKeyState = 'next' | 'current' | 'retired';

export interface OidcKeysTable {
  kid: string;
  use: OidcKeyUse;
  /** The algorithm a signing key is for; null for a cookie key. */
  alg: SigningAlg | null;
  state: OidcKeyState;
  /** The private JWK (or the cookie secret) as JSON, sealed with OIDC_KEYS_SECRET when it is set. */
  sealed: string;
  created_at: number;
  retired_at: number | null;
}

/** A person of a support company whom the operator named the platform's support. */
export interface SupportStaffTable {
  user_id: number;
  enterprise_id: number;
  created_at: number;
}

/** A company's consent to the platform's support for a window (docs/support-access.md). */
export interface SupportAccessTable {
  id: Generated<number>;
  enterprise_id: number;
  granted_by: number | null;
  starts_at: number;
  ends_at: number;
  revoked_at: number | null;
  revoked_by: number | null;
  /** When its sessions and product grants were ended (at `ends_at` or at the revoke). */
  ended_at: number | null;
}

/** A portal session a support person entered a company in, under one window. */
export interface SupportSessionsTable {
  session_id: number;
  access_id: number;
  created_at: number;
}

/** A site a support window is limited to; a window without any is for the whole company. */
export interface SupportAccessSitesTable {
  access_id: number;
  site_id: number;
}

/** A support person's request to a company for a window (docs/support-access.md#requests). */
export interface SupportRequestsTable {
  id: Generated<number>;
  /** `srq_...` */
  public_id: string;
  enterprise_id: number;
  requester_user_id: number;
  hours: number;
  reason: string;
  /** The sites asked for: a JSON array of their public ids; empty for the whole company. */
  site_ids: string;
  /** An `open` row past `expires_at` is expired too; `expired` is written when the person asks again. */
  status: 'open' | 'approved' | 'refused' | 'expired';
  expires_at: number;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  /** The window an approval opened. */
  access_id: number | null;
}

/** The portal session and company a grant was made in. */
export interface OidcGrantLinksTable {
  grant_id: string;
  client_id: string;
  user_id: number;
  enterprise_id: number | null;
  portal_session_id: number | null;
  expires_at: number;
}

/** What happened in a company (the events catalogue, packages/shared/src/api/integrations.ts). */
export interface EventsTable {
  id: Generated<number>;
  /** `evt_...`: the id receivers see, the same in every delivery and in the feed. */
  public_id: string;
  enterprise_id: number;
  type: EventType;
  version: number;
  /** The event's `data` as JSON. */
  data: string;
  at: number;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  /** Null for a product's endpoint, which receives the events of every company with the product. */
  enterprise_id: number | null;
  /** The product's OpenID client whose endpoint this is (set by the operator's command line). */
  client_id: string | null;
  url: string;
  description: string | null;
  /** JSON array of the event types it receives. */
  event_types: string;
  /** `whsec_...`, sealed with OUTBOX_SECRET when it is set. */
  secret: string;
  /** After a rotation, the secret that still signs beside the new one until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  disabled_at: number | null;
  /** `manual`: an administrator turned it off; `failing`: the portal did, after it failed for days. */
  disabled_reason: 'manual' | 'failing' | null;
  /** The first failure since the last success; null while deliveries succeed. */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

export type OutboxTopic = 'message' | 'webhook';
/** `dead`: given up after the topic's time; a webhook's can be sent again. */
export type OutboxState = 'pending' | 'delivered' | 'dead';

/** Work written in the transaction of the change that asks for it, done by the workers after it. */
export interface OutboxTable {
  id: Generated<number>;
  topic: OutboxTopic;
  /** Rows of one key go one at a time in id order (an endpoint's events); null: in any order. */
  ordering_key: string | null;
  /** The topic's payload as JSON; a message's is sealed, as it may hold a code. */
  payload: string;
  endpoint_id: number | null;
  event_id: number | null;
  state: OutboxState;
  attempts: Generated<number>;
  /** When it is due (again). */
  next_at: number;
  /** A worker holds the row until then; after it, another may take it (the holder died). */
  lease_until: number | null;
  lease_owner: string | null;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
  done_at: number | null;
}

/** One try of an outbox row whose topic keeps them (a webhook's delivery), oldest first by id. */
export interface OutboxTriesTable {
  id: Generated<number>;
  outbox_id: number;
  /** When the try began. */
  at: number;
  /** How long the receiver took to answer, or the try to fail. */
  duration_ms: number;
  /** The answer's HTTP status; null without an answer. */
  status: number | null;
  /** Why it failed; null for a success. */
  error: string | null;
  /** When the next try is due; null after a success or when the row was given up. */
  next_at: number | null;
}

/** A company's key for its own systems; only the SHA-256 of the secret part is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  enterprise_id: number;
  name: string;
  /** The key's visible start (`pak_` and a few characters), unique: it finds the row. */
  prefix: string;
  secret_hash: string;
  /** JSON array of ApiKeyScope. */
  scopes: string;
  expires_at: number;
  last_used_at: number | null;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

/** A site of its owner company (migration 0021, docs/site-grants.md). */
export interface SitesTable {
  id: Generated<number>;
  /** `site_...`: the only id outside the portal. */
  public_id: string;
  /** The owner company. */
  enterprise_id: number;
  /** Unique among the owner's live sites. */
  name: string;
  kind: SiteKind;
  /** Free text, such as `CN-GD` or `Shenzhen`. */
  region: string;
  /** An IANA time zone. */
  time_zone: string;
  rated_power_kw: number | null;
  rated_energy_kwh: number | null;
  /** JSON array of ProductCode, a subset of the owner's products. */
  product_codes: string;
  /** A retired site ends every grant on it. */
  retired_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One site given to one company; effective only while it and every grant above it are active. */
export interface SiteGrantsTable {
  id: Generated<number>;
  /** `sgr_...` */
  public_id: string;
  site_id: number;
  /** The owner (no parent), or the holder of the parent grant. */
  grantor_enterprise_id: number;
  grantee_enterprise_id: number;
  /** Null: made by the owner. */
  parent_grant_id: number | null;
  template: SiteRoleTemplate;
  /** 1: the grantee may share the site on, never wider than this grant. */
  may_share: number;
  starts_at: number;
  /** Null: open. */
  ends_at: number | null;
  /** Set on the grant itself; its descendants end by the rule, not by a write. */
  revoked_at: number | null;
  created_by: number | null;
  created_at: number;
  /** Made by an approved request beside the narrower grant it widens for a while; null otherwise. */
  widens_grant_id: Generated<number | null>;
}

/** A person's request for a site (docs/site-grants.md#requests-for-a-site). */
export interface AccessRequestsTable {
  id: Generated<number>;
  /** `arq_...` */
  public_id: string;
  site_id: number;
  owner_enterprise_id: number;
  requester_enterprise_id: number;
  requester_user_id: number;
  template: SiteRoleTemplate;
  hours: number;
  reason: string;
  /** The template the company held on the site when it asked, when the request widens it. */
  widens_template: SiteRoleTemplate | null;
  /** `expired` is written when a newer request of the company is made; an `open` row past `expires_at` is expired too. */
  status: 'open' | 'approved' | 'refused' | 'expired';
  /** An open request past it is expired. */
  expires_at: number;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  /** The grant an approval made. */
  grant_id: number | null;
}

/** Who holds a site inside a company: exactly one of `grant_id` (a receiving company's people) and
 *  `site_id` (the owner's own members), and exactly one of user and department. */
export interface SiteAssignmentsTable {
  id: Generated<number>;
  grant_id: number | null;
  site_id: number | null;
  user_id: number | null;
  department_id: number | null;
  /** Not wider than the grant's. */
  template: SiteRoleTemplate;
  /** Never later than the grant's. */
  ends_at: number | null;
  created_by: number | null;
  created_at: number;
}

/** A reminder sent before a grant ends: one per grant and lead time, whichever process sends it. */
export interface SiteGrantRemindersTable {
  grant_id: number;
  days_before: number;
  sent_at: number;
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
  proof_of_work_challenges: ProofOfWorkChallengesTable;
  personalizations: PersonalizationsTable;
  audit_events: AuditEventsTable;
  recovery_codes: RecoveryCodesTable;
  two_step_challenges: TwoStepChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  oidc_clients: OidcClientsTable;
  oidc_models: OidcModelsTable;
  oidc_keys: OidcKeysTable;
  device_polls: DevicePollsTable;
  device_sign_ins: DeviceSignInsTable;
  oidc_grant_links: OidcGrantLinksTable;
  support_staff: SupportStaffTable;
  support_access: SupportAccessTable;
  support_sessions: SupportSessionsTable;
  support_access_sites: SupportAccessSitesTable;
  support_requests: SupportRequestsTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  outbox: OutboxTable;
  outbox_tries: OutboxTriesTable;
  api_keys: ApiKeysTable;
  sites: SitesTable;
  site_grants: SiteGrantsTable;
  site_assignments: SiteAssignmentsTable;
  site_grant_reminders: SiteGrantRemindersTable;
  access_requests: AccessRequestsTable;
  site_devices: SiteDevicesTable;
  device_claims: DeviceClaimsTable;
}

/** A gateway claimed into a site (docs/site-grants.md#gateways). */
export interface SiteDevicesTable {
  id: Generated<number>;
  /** `dev_...`: the only id outside the portal. */
  public_id: string;
  site_id: number;
  /** The gateway's serial, unique among the site's claimed devices. */
  serial: string;
  /** The product whose API its tokens are for: one of the site's products. */
  product_code: ProductCode;
  /** The person who claimed it. */
  claimed_by: number;
  /** The grant it was claimed through; null when an administrator of the owner claimed it. */
  via_grant_id: number | null;
  state: 'claimed' | 'revoked';
  /** Its own OpenID client (client credentials only), once it exchanged its claim. */
  client_id: string | null;
  created_at: number;
  /** Its last access token. */
  last_used_at: number | null;
  revoked_at: number | null;
  /** Why it was revoked; null for a device revoked before the reason was kept (0035). */
  revoked_reason: Generated<DeviceRevokeReason | null>;
}

/** A claim credential of a device, stored as its SHA-256, used once before `expires_at`. */
export interface DeviceClaimsTable {
  claim_hash: string;
  site_device_id: number;
  /** SHA-256 of the one-time claim code the gateway shows, which it presents again at the exchange. */
  code_hash: string;
  expires_at: number;
  used_at: number | null;
}

/** The polling of one device code (RFC 8628): its interval grows each time the device polls too fast. */
export interface DevicePollsTable {
  /** SHA-256 of the device code. */
  code_hash: string;
  interval_s: number;
  last_at: number;
  expires_at: number;
}

/** A device signed in for a site (device sign-in): the grant of its tokens and the site they act on. */
export interface DeviceSignInsTable {
  /** The provider's grant id. */
  grant_id: string;
  client_id: string;
  site_id: number;
  created_at: number;
}

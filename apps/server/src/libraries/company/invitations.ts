import type {
  InvitationKind,
  InvitationLink,
  JoinedThrough,
  ReferralInfo,
  ReferralStatus,
} from '@portal/shared/api/registration';
import { INVITATION_MAX_USES, INVITATION_ROUTES } from '@portal/shared/api/registration';
import type { InvitationStatus } from '@portal/shared/api/settings';
import { INVITATION_DEFAULT_HOURS, INVITATION_MAX_HOURS } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { type ProductCode, isProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseById } from '../../queries/enterprises.ts';
import type { Executor } from '../../queries/executor.ts';
import { listRedemptionsOfMember } from '../../queries/invitation-redemptions.ts';
import type { InvitationRow } from '../../queries/invitations.ts';
import {
  findEnterpriseInvitation,
  findInvitationByHash,
  insertInvitation,
  setInvitationRevoked,
  useInvitation,
} from '../../queries/invitations.ts';
import { isEnterpriseDepartment } from '../../queries/registration-enterprises.ts';
import { findUserById } from '../../queries/users.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { companyTransaction, lockCompanies } from '../platform/company-transaction.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import type { Auth } from '../platform/sessions.ts';

const HOUR_MS = 3_600_000;
/** 24 random bytes: 192 bits, comfortably above the 128 a secret in a URL needs
 *  (docs/registration.md#invitation-links). */
const INVITATION_ID_BYTES = 24;

export interface NewInvitation {
  kind: InvitationKind;
  /** The inviting enterprise; null for `admin`, whose redeemer creates the company. */
  enterpriseId: number | null;
  /** `member` only: the department the member joins (else the default department). */
  departmentId?: number | null;
  /** The inviting user; null when the platform operator's command line makes the link. */
  createdBy?: number | null;
  hours?: number;
  maxUses?: number;
  /** `admin` and `owner`: the products the new company gets; the settings centre unless given, so
   *  that its administrator can invite the others. */
  products?: ProductCode[];
}

export const COMPANY_LINK_DEFAULT_PRODUCTS: ProductCode[] = ['settcntr'];

/** The kinds of link that register a new company, and so give it products. */
function registersCompany(kind: InvitationKind): boolean {
  return kind === 'admin' || kind === 'owner';
}

/** The products an `admin` or `owner` link gives the company registered through it. An owner link
 *  made before owner links stored products has none stored: it gives the default, as a new one does. */
export function invitedProducts(invitation: InvitationRow): ProductCode[] {
  if (invitation.product_codes === null) return COMPANY_LINK_DEFAULT_PRODUCTS;
  const stored: unknown = JSON.parse(invitation.product_codes);
  return Array.isArray(stored) ? stored.filter(isProductCode) : [];
}

/** The link plus the row id: listings and revocation name an invitation by the row id, since the
 *  link's secret is not stored. */
export type CreatedInvitation = InvitationLink & { invitationId: number };

function badField(field: string): AppError {
  return new AppError(ErrorCode.BadRequest, { fields: { [field]: 'validation.invalidValue' } });
}

export function invitationUrl(ctx: AppContext, kind: InvitationKind, id: string): string {
  return `${ctx.config.publicUrl}${INVITATION_ROUTES[kind]}?referralId=${id}`;
}

/**
 * A new invitation link. Only the hash of its id is stored, so the link is shown once. Expiry is
 * 72 hours unless given, at most 7 days; `maxUses` is 1 unless given. A company's link is recorded
 * as its `invitation.created` event, in `db`'s transaction when it is one (a `companyTransaction`).
 */
export async function createInvitation(
  ctx: AppContext,
  input: NewInvitation,
  db: Executor = ctx.db,
): Promise<CreatedInvitation> {
  // a kind without its enterprise, or the reverse, is a caller's bug, not a user's mistake
  if ((input.kind === 'admin') !== (input.enterpriseId === null)) {
    throw new Error(`an ${input.kind} invitation ${input.kind === 'admin' ? 'has no' : 'needs an'} enterprise`);
  }
  if (input.products && !registersCompany(input.kind)) throw new Error(`an ${input.kind} invitation gives no products`);
  const hours = input.hours ?? INVITATION_DEFAULT_HOURS;
  if (!Number.isFinite(hours) || hours <= 0 || hours > INVITATION_MAX_HOURS) throw badField('expiresInHours');
  const maxUses = input.maxUses ?? 1;
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > INVITATION_MAX_USES) throw badField('maxUses');
  const departmentId = input.departmentId ?? null;
  if (departmentId !== null) {
    const fits = input.kind === 'member' && (await isEnterpriseDepartment(db, input.enterpriseId!, departmentId));
    if (!fits) throw badField('departmentId');
  }

  const id = newSecret(INVITATION_ID_BYTES);
  const now = ctx.now();
  const expiresAt = now + Math.round(hours * HOUR_MS);
  const row = {
    token_hash: hashSecret(id),
    kind: input.kind,
    enterprise_id: input.enterpriseId,
    department_id: departmentId,
    created_by: input.createdBy ?? null,
    product_codes: registersCompany(input.kind)
      ? JSON.stringify(input.products ?? COMPANY_LINK_DEFAULT_PRODUCTS)
      : null,
    max_uses: maxUses,
    uses: 0,
    expires_at: expiresAt,
    revoked_at: null,
    created_at: now,
  };
  // a link into a company is the company's event, whoever made it (an administrator or the operator);
  // an `admin` link belongs to no company yet
  const companies = input.enterpriseId === null ? [] : [input.enterpriseId];
  const write = async (trx: Executor) => {
    await lockCompanies(trx, companies);
    const invitationId = await insertInvitation(trx, row);
    if (input.enterpriseId !== null)
      await recordEvent(ctx, trx, {
        enterpriseId: input.enterpriseId,
        type: 'invitation.created',
        data: { invitationId, kind: input.kind, departmentId, maxUses, expiresAt: new Date(expiresAt).toISOString() },
      });
    return invitationId;
  };
  const invitationId = db.isTransaction ? await write(db) : await companyTransaction(ctx, companies, write);
  return { id, url: invitationUrl(ctx, input.kind, id), expiresAt: new Date(expiresAt).toISOString(), invitationId };
}

/** Revokes an invitation of the enterprise (by row id); revoking twice is harmless, and answers false
 *  the second time. 1000404 when the enterprise has no such invitation. */
export async function revokeInvitation(
  ctx: AppContext,
  enterpriseId: number,
  invitationId: number,
  db: Executor = ctx.db,
): Promise<boolean> {
  const row = await findEnterpriseInvitation(db, enterpriseId, invitationId);
  if (!row) throw new AppError(ErrorCode.NotFound);
  return setInvitationRevoked(db, row.id, ctx.now());
}

/** What `referral/info` says about a link. A revocation outranks use, and use outranks expiry, so
 *  that the person holding the link is told the most specific reason. */
export function invitationStatus(row: InvitationRow, now: number): InvitationStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.uses >= row.max_uses) return 'used';
  if (row.expires_at <= now) return 'expired';
  return 'valid';
}

function findBySecret(db: Executor, id: string): Promise<InvitationRow | undefined> {
  return findInvitationByHash(db, hashSecret(id));
}

/**
 * `GET /api/referral/info/{id}`: the details only while the link is valid, else only its status, and
 * to the signed-in person who joined or registered through it (and is still in that company) the
 * company: opening the used link again, in another tab say, then says they are in, not locked out.
 */
export async function referralInfo(ctx: AppContext, id: string, session: Auth | null): Promise<ReferralInfo> {
  const row = await findBySecret(ctx.db, id);
  if (!row) return { status: 'invalid' };
  const status = invitationStatus(row, ctx.now());
  if (status !== 'valid') {
    const joined = session && (await companyJoinedThrough(ctx, row, session.user.id));
    return joined ? { status, joined } : { status };
  }
  const enterprise = row.enterprise_id === null ? undefined : await findEnterpriseById(ctx.db, row.enterprise_id);
  const inviter = row.created_by === null ? undefined : await findUserById(ctx.db, row.created_by);
  return {
    status,
    kind: row.kind,
    enterpriseName: enterprise?.full_name ?? null,
    enterpriseDomain: enterprise?.domain ?? null,
    inviterName: inviter?.nickname ?? null,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** The company the user entered through the link, as its redemption was recorded. An owner link's
 *  redemption is recorded in the inviting company too: the company registered is the other one. */
async function companyJoinedThrough(
  ctx: AppContext,
  invitation: InvitationRow,
  userId: number,
): Promise<JoinedThrough | null> {
  const redemptions = await listRedemptionsOfMember(ctx.db, userId);
  const through = redemptions.find((redemption) => {
    const detail = JSON.parse(redemption.detail ?? '{}') as { invitationId?: unknown };
    const registered = invitation.kind !== 'owner' || redemption.enterpriseId !== invitation.enterprise_id;
    return detail.invitationId === invitation.id && registered;
  });
  return through ? { enterpriseName: through.fullName, enterpriseDomain: through.domain } : null;
}

/** 1008110 with the status `referral/info` would give; a link of another kind than the call redeems
 *  is 'invalid' for that call. */
function linkRejected(status: ReferralStatus): AppError {
  return new AppError(ErrorCode.RegistrationFailed, { status });
}

/** The live invitation of a link of the given kind, read without using it (the friendly early answer). */
export async function readLiveInvitation(ctx: AppContext, id: string, kind: InvitationKind): Promise<InvitationRow> {
  const row = await findBySecret(ctx.db, id);
  if (!row || row.kind !== kind) throw linkRejected('invalid');
  const status = invitationStatus(row, ctx.now());
  if (status !== 'valid') throw linkRejected(status);
  return row;
}

/**
 * Uses the link once inside the caller's registration transaction: one conditional update, so two
 * concurrent redemptions of the last use cannot both succeed, and a failed registration rolls it back.
 * Answers the row with this use counted.
 */
export async function redeemInvitation(
  ctx: AppContext,
  trx: Executor,
  id: string,
  kind: InvitationKind,
): Promise<InvitationRow> {
  const row = await findBySecret(trx, id);
  if (!row || row.kind !== kind) throw linkRejected('invalid');
  // its use is a change of the company that made it (an operator's link belongs to none)
  if (row.enterprise_id !== null) await lockCompanies(trx, [row.enterprise_id]);
  if (!(await useInvitation(trx, row.id, ctx.now()))) {
    // read again: a concurrent redemption that won the update is committed by now
    const current = await findBySecret(trx, id);
    const status = current ? invitationStatus(current, ctx.now()) : 'invalid';
    throw linkRejected(status === 'valid' ? 'used' : status);
  }
  // as this use left it: its `uses` is what the link's events report
  return (await findBySecret(trx, id))!;
}

import type { MemberRole } from '@portal/shared/api/portal';
import type {
  CreateMemberRequest,
  CreateMemberResponse,
  MemberPage,
  MembersQuery,
  RemoveMemberRequest,
  UpdateMemberRequest,
} from '@portal/shared/api/settings';
import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import { countAdmins, countMembers, deleteMembership, listMembers, updateMembership } from '../../queries/members.ts';
import { findMembership, insertMembership } from '../../queries/memberships.ts';
import { findPersonalization } from '../../queries/personalizations.ts';
import { findDefaultDepartmentId, isEnterpriseDepartment } from '../../queries/registration-enterprises.ts';
import { deleteAssignmentsOfMember } from '../../queries/site-grants.ts';
import { findUserByIdentifier, insertUser } from '../../queries/users.ts';
import { revokeApiKeysOfCreator } from '../integrations/api-keys.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { decodeCursor, pageOf } from '../platform/cursor.ts';
import { hashPassword } from '../platform/passwords.ts';
import { uniqueViolationOf, violationKey } from '../platform/unique-violation.ts';
import { type Administrator, actorOf, lastAdministrator } from './settings-access.ts';

/** The company's members and what its administrators may do with them. */

export async function listCompanyMembers(
  ctx: AppContext,
  admin: Administrator,
  query: MembersQuery,
): Promise<MemberPage> {
  const after = decodeCursor(query.cursor, ['time', 'id']) as [number, number] | undefined;
  // counting reads the whole search: done for offset pages, as the API contract has them, and for the
  // first page of a cursor walk, which the screen keeps
  const [total, rows] = await Promise.all([
    after ? null : countMembers(ctx.db, admin.enterpriseId, query.keyword),
    listMembers(ctx.db, admin.enterpriseId, {
      keyword: query.keyword,
      after,
      offset: after ? 0 : (query.page - 1) * query.pageSize,
      limit: query.pageSize + 1,
    }),
  ]);
  const page = pageOf(rows, query.pageSize, (row) => [row.joinedAt, row.userId]);
  return {
    total,
    nextCursor: page.nextCursor,
    items: page.rows.map(({ phoneCertified, emailVerified, ...row }) => ({
      ...row,
      phoneProven: phoneCertified === 1,
      emailProven: emailVerified === 1,
      joinedAt: new Date(row.joinedAt).toISOString(),
    })),
  };
}

/**
 * 1009200: a company API key manages members (role `member`) only. Granting or taking the
 * administrator role, and changing or removing an administrator, stay with a signed-in person: a
 * leaked key must not be a way to an administrator of one's own, nor to removing the people who
 * would notice (its creator among them).
 */
function assertKeyMayTouch(admin: Administrator, role: MemberRole | undefined): void {
  if (admin.kind === 'key' && role === 'admin') throw new AppError(ErrorCode.ApiKeyAdministratorRefused);
}

/** An account name is a public handle that must be unique to sign in with, so it is the one thing an
 *  administrator can learn is taken (as on any sign-up form); the call is audited and rate-limited. */
const accountTaken = () => new AppError(ErrorCode.BadRequest, { fields: { account: 'validation.accountTaken' } });

/** A department of this company, else 1000404: an id from another company is as unknown as no id. */
async function assertCompanyDepartment(db: Executor, enterpriseId: number, departmentId: number): Promise<void> {
  if (!(await isEnterpriseDepartment(db, enterpriseId, departmentId))) throw new AppError(ErrorCode.NotFound);
}

/**
 * An account the administrator hands out: it signs in with its account and password. Its phone and
 * email, if given, are unproven (no code proved them): they open nothing and take nothing from
 * anyone, so any phone or email is accepted and the answer never tells whether it belongs to another
 * account. After the cut-off date the person proves the phone at the first sign-in, as every
 * unverified account does. It joins with the given role (member by default), in the given department
 * (the default department otherwise), speaking the company's language. A taken account name: 1000400
 * (`fields.account`).
 */
export async function createMember(
  ctx: AppContext,
  admin: Administrator,
  body: CreateMemberRequest,
): Promise<CreateMemberResponse> {
  assertKeyMayTouch(admin, body.role);
  // the early read gives the friendly answer; the unique constraint below gives the final one
  if (await findUserByIdentifier(ctx.db, 'account', body.account)) throw accountTaken();
  const language = (await findPersonalization(ctx.db, admin.enterpriseId))?.language_type;
  // argon2 is slow: never inside the transaction, which on SQLite holds the only connection
  const passwordHash = await hashPassword(body.password);
  try {
    return await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
      if (body.departmentId !== undefined) await assertCompanyDepartment(trx, admin.enterpriseId, body.departmentId);
      const departmentId = body.departmentId ?? (await findDefaultDepartmentId(trx, admin.enterpriseId));
      const now = ctx.now();
      const userId = await insertUser(trx, {
        account: body.account,
        nickname: body.nickname,
        phone: body.phone ?? null,
        email: body.email ?? null,
        password_hash: passwordHash,
        lang_code: language ?? DEFAULT_LANGUAGE,
        user_type: 'investors',
        phone_certified: 0,
        disabled: 0,
        last_enterprise_id: admin.enterpriseId,
        created_at: now,
        updated_at: now,
      });
      const role = body.role ?? 'member';
      await insertMembership(trx, {
        enterprise_id: admin.enterpriseId,
        user_id: userId,
        role,
        department_id: departmentId,
        joined_at: now,
      });
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'member.joined',
        data: { userId, role, departmentId, via: 'created' },
      });
      await recordAudit(
        ctx,
        {
          action: 'member.create',
          ...actorOf(admin),
          enterpriseId: admin.enterpriseId,
          ip: admin.ip,
          detail: { memberId: userId, role, departmentId, withPhone: body.phone !== undefined },
        },
        trx,
      );
      return { userId };
    });
  } catch (error) {
    const violation = uniqueViolationOf(error);
    if (violation && violationKey(violation) === 'users.account') throw accountTaken();
    throw error;
  }
}

/**
 * Changes a member's role or department. A user who is not a member of this company, or a department
 * of another, is 1000404; demoting the last administrator is 1000403; an API key changing an
 * administrator, or making one, 1009200. Under the company's lock, so that two administrators
 * demoting each other at once cannot both succeed. A demoted administrator's API keys are revoked in
 * the same transaction: a key acts for the company only while the person who made it could.
 */
export async function updateMember(ctx: AppContext, admin: Administrator, body: UpdateMemberRequest): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const membership = await findMembership(trx, admin.enterpriseId, body.userId);
    if (!membership) throw new AppError(ErrorCode.NotFound);
    assertKeyMayTouch(admin, membership.role);
    assertKeyMayTouch(admin, body.role);
    if (body.departmentId !== undefined) await assertCompanyDepartment(trx, admin.enterpriseId, body.departmentId);
    const demoted = membership.role === 'admin' && body.role === 'member';
    if (demoted && (await countAdmins(trx, admin.enterpriseId)) <= 1) throw lastAdministrator();
    if (demoted) await revokeApiKeysOfCreator(ctx, trx, admin, body.userId);
    await updateMembership(trx, admin.enterpriseId, body.userId, {
      role: body.role,
      department_id: body.departmentId,
    });
    // one event per thing that changed: a receiver subscribed to one of them hears of it alone
    if (body.role !== undefined && body.role !== membership.role)
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'member.role_changed',
        data: { userId: body.userId, from: membership.role, to: body.role },
      });
    if (body.departmentId !== undefined && body.departmentId !== membership.department_id)
      await recordEvent(ctx, trx, {
        enterpriseId: admin.enterpriseId,
        type: 'member.department_changed',
        data: { userId: body.userId, from: membership.department_id, to: body.departmentId },
      });
    await recordAudit(
      ctx,
      {
        action: 'member.update',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: {
          memberId: body.userId,
          role: body.role === undefined ? undefined : { from: membership.role, to: body.role },
          departmentId:
            body.departmentId === undefined ? undefined : { from: membership.department_id, to: body.departmentId },
        },
      },
      trx,
    );
  });
}

/**
 * Takes a person out of the company; the account stays (it may belong to other companies, and its
 * owner keeps signing in). Their sessions in this company fall back to another company, or none, on
 * the next request; the products they signed in to in this company are signed out (those of their
 * other companies go on); their site assignments in this company are deleted with the membership.
 * Removing oneself is allowed, unless one is the last administrator (1000403).
 * An API key removing an administrator is 1009200. A removed administrator's API keys are revoked in
 * the same transaction.
 */
export async function removeMember(ctx: AppContext, admin: Administrator, body: RemoveMemberRequest): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const membership = await findMembership(trx, admin.enterpriseId, body.userId);
    if (!membership) throw new AppError(ErrorCode.NotFound);
    assertKeyMayTouch(admin, membership.role);
    if (membership.role === 'admin' && (await countAdmins(trx, admin.enterpriseId)) <= 1) throw lastAdministrator();
    if (membership.role === 'admin') await revokeApiKeysOfCreator(ctx, trx, admin, body.userId);
    await deleteMembership(trx, admin.enterpriseId, body.userId);
    // their sites go with the membership: joining again later gives back none of them
    await deleteAssignmentsOfMember(trx, admin.enterpriseId, body.userId);
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'member.left',
      data: { userId: body.userId, role: membership.role },
    });
    await recordAudit(
      ctx,
      {
        action: 'member.remove',
        ...actorOf(admin),
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: {
          memberId: body.userId,
          role: membership.role,
          self: admin.kind === 'person' && body.userId === admin.userId,
        },
      },
      trx,
    );
  });
  ctx.productSessions?.endForMember(body.userId, admin.enterpriseId);
}

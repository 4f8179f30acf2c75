import type {
  EnterpriseSignUpRequest,
  JoinEnterpriseRequest,
  MemberSignUpRequest,
  PersonalSignUpRequest,
  PersonalSignUpResponse,
  RegistrationAnswer,
  SignUpCheckRequest,
  SignUpCheckResponse,
} from '@portal/shared/api/registration';
import { isTwoStepChallenge } from '@portal/shared/api/auth';
import type { MemberRole } from '@portal/shared/api/portal';
import type { InvitationKind } from '@portal/shared/api/registration';
import type { Language } from '@portal/shared/constants';
import { ErrorCode, type FailureCode } from '@portal/shared/errors/error-codes';
import { passwordsMatch } from '@portal/shared/validation/rules';
import { AppError } from '../app-error.ts';
import type { AppContext } from '../context.ts';
import { findEnterpriseById } from '../queries/enterprises.ts';
import type { Executor } from '../queries/executor.ts';
import type { InvitationRow } from '../queries/invitations.ts';
import { findInvitationByHash } from '../queries/invitations.ts';
import { findMembership, insertMembership } from '../queries/memberships.ts';
import { findDefaultDepartmentId, isEnterpriseDepartment } from '../queries/registration-enterprises.ts';
import type { UserRow } from '../queries/users.ts';
import { findUserById, findUserByIdentifier, insertUser, updateUser } from '../queries/users.ts';
import { type Entry, enterAccount } from './account-gate.ts';
import { recordAudit } from './audit.ts';
import { createEnterprise } from './enterprises.ts';
import { grantInvitedProducts } from './product-rights.ts';
import { readLiveInvitation, redeemInvitation } from './invitations.ts';
import { ENTERPRISE_TAKEN_CODES, assertEnterpriseFree, assertEnterpriseNamed, pickDomain } from './new-enterprise.ts';
import { hashPassword } from './passwords.ts';
import { hashSecret } from './secrets.ts';
import { readTicket, spendTicket } from './tickets.ts';
import { uniqueViolationOf, violationKey } from './unique-violation.ts';

/** Where a registration request came from: the audit trail's IP, the new account's language, and the
 *  client its session is opened from. */
export interface RequestMeta {
  ip: string;
  lang: Language;
  userAgent: string | null;
}

/** The business answer to each unique constraint a registration can run into. */
const VIOLATION_CODES: Record<string, FailureCode> = {
  'enterprises.abbreviation': ENTERPRISE_TAKEN_CODES.abbreviation,
  'enterprises.full_name': ENTERPRISE_TAKEN_CODES.full_name,
  'enterprises.credit_code': ENTERPRISE_TAKEN_CODES.credit_code,
  'enterprises.domain': ENTERPRISE_TAKEN_CODES.domain,
  'users.phone': ErrorCode.PhoneSignedUp,
  'memberships.enterprise_id,user_id': ErrorCode.AlreadyJoined,
};

const ATTEMPTS = 3;

/**
 * One registration, all or nothing: the ticket, the link's use, the user, the company and the
 * membership are written together or not at all, so a failure leaves the link and the ticket usable.
 * A unique-constraint error (a race the early reads could not see) becomes its business code, unless
 * `retry` says the work can simply run again (a generated domain taken meanwhile, say).
 */
async function inOneTransaction<T>(
  ctx: AppContext,
  work: (trx: Executor) => Promise<T>,
  retry: (violation: string) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => work(trx));
    } catch (error) {
      const violation = uniqueViolationOf(error);
      if (!violation) throw error;
      const key = violationKey(violation);
      if (attempt < ATTEMPTS && retry(key)) continue;
      const code = VIOLATION_CODES[key];
      if (code === undefined) throw error;
      throw new AppError(code);
    }
  }
}

function assertPasswordsMatch(body: { password: string; confirmPassword: string }): void {
  if (!passwordsMatch(body)) throw new AppError(ErrorCode.PasswordsDoNotMatch);
}

/** Only after the ticket proved the phone may a call say anything about the phone's account. */
function assertEnabled(user: UserRow | undefined): void {
  if (user?.disabled) throw new AppError(ErrorCode.AccountDisabled);
}

/** The phone a live `register` ticket proves, read without using the ticket (1009104 otherwise). */
async function ticketPhone(ctx: AppContext, ticket: string): Promise<string> {
  return (await readTicket(ctx, ticket, 'register')).target;
}

interface NewAccount {
  nickname: string;
  email?: string | undefined;
}

/**
 * A new account: its phone is the ticket's, so it is proven. The email the form carried is kept
 * unproven (no code proved it): it neither signs in nor receives codes until its owner proves it in
 * the personal centre, and it blocks nobody, so no registration can tell whether an email is taken.
 */
function insertNewUser(
  ctx: AppContext,
  trx: Executor,
  phone: string,
  account: NewAccount,
  passwordHash: string,
  userType: 'investors' | 'personal',
  meta: RequestMeta,
): Promise<number> {
  const now = ctx.now();
  return insertUser(trx, {
    account: null,
    nickname: account.nickname,
    phone,
    email: account.email ?? null,
    password_hash: passwordHash,
    lang_code: meta.lang,
    user_type: userType,
    phone_certified: 1,
    disabled: 0,
    last_enterprise_id: null,
    created_at: now,
    updated_at: now,
  });
}

/** The first step of every link registration, inside its transaction: the ticket is spent and the
 *  link used once, so that a registration that fails later gives both back with the rollback. */
async function redeem(
  ctx: AppContext,
  trx: Executor,
  body: { ticket: string; referralId: string },
  kind: InvitationKind,
): Promise<{ phone: string; invitation: InvitationRow }> {
  const phone = await spendTicket(ctx, trx, body.ticket, 'register');
  const invitation = await redeemInvitation(ctx, trx, body.referralId, kind);
  return { phone, invitation };
}

interface Admission {
  userId: number;
  newUser: boolean;
  enterprise: { id: number; fullName: string; domain: string };
  role: MemberRole;
  departmentId: number;
  invitation: InvitationRow;
}

/**
 * The last step of every link registration: the person becomes a member of the company with the
 * link's redemption on record, and is signed in there, in the company the next sign-in opens too.
 */
async function admit(
  ctx: AppContext,
  trx: Executor,
  admission: Admission,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  const { userId, enterprise, invitation } = admission;
  await insertMembership(trx, {
    enterprise_id: enterprise.id,
    user_id: userId,
    role: admission.role,
    department_id: admission.departmentId,
    joined_at: ctx.now(),
  });
  await recordAudit(
    ctx,
    {
      action: 'invitation.redeem',
      userId,
      enterpriseId: enterprise.id,
      ip: meta.ip,
      detail: { invitationId: invitation.id, kind: invitation.kind, newUser: admission.newUser },
    },
    trx,
  );
  // a link that registers an owner company is the inviting company's: its log shows the link used too
  if (invitation.enterprise_id !== null && invitation.enterprise_id !== enterprise.id) {
    await recordAudit(
      ctx,
      {
        action: 'invitation.redeem',
        userId,
        enterpriseId: invitation.enterprise_id,
        ip: meta.ip,
        detail: { invitationId: invitation.id, kind: invitation.kind, newUser: admission.newUser },
      },
      trx,
    );
  }
  await updateUser(trx, userId, { last_enterprise_id: enterprise.id });
  const answer = await enterAccount(
    ctx,
    { ...(await registrantEntry(trx, userId, meta)), enterpriseId: enterprise.id },
    trx,
  );
  if (isTwoStepChallenge(answer)) return answer;
  return {
    ...answer,
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.fullName,
    enterpriseDomain: enterprise.domain,
  };
}

/** A registration reaches the gate proven by the code its phone ticket came from: one factor, so an
 *  existing account with two-step sign-in is asked for its second step before any session. */
async function registrantEntry(trx: Executor, userId: number, meta: RequestMeta): Promise<Entry> {
  const user = await findUserById(trx, userId);
  if (!user) throw new AppError(ErrorCode.RegistrationFailed);
  return {
    user,
    client: { ip: meta.ip, userAgent: meta.userAgent },
    proof: { first: { loginType: 'code', identifierType: 'phone' } },
  };
}

/**
 * `admin/signup` (kind `admin`: a new common company) and `user/ownerEnterpriseSignup` (kind `owner`:
 * an owner company under the inviting one). The existing account that has proven the ticket's phone
 * is used as it is (its name, password and email stay); otherwise a new account is made, also when
 * another account holds the phone unproven (an administrator may type in anyone's phone: that never
 * lets them adopt its owner's registration). The person becomes the company's administrator, in its
 * default department.
 */
export async function registerEnterprise(
  ctx: AppContext,
  kind: 'admin' | 'owner',
  body: EnterpriseSignUpRequest,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  assertPasswordsMatch(body);
  assertEnterpriseNamed(body.enterprise);
  await readLiveInvitation(ctx, body.referralId, kind);
  const existing = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  assertEnabled(existing);
  await assertEnterpriseFree(ctx, body.enterprise);
  // argon2 is slow: never inside the transaction, which on SQLite holds the only connection
  const passwordHash = await hashPassword(body.password);
  const { abbreviation, fullName, creditCode } = body.enterprise;

  return inOneTransaction(
    ctx,
    async (trx) => {
      const { phone, invitation } = await redeem(ctx, trx, body, kind);
      const user = await findUserByIdentifier(trx, 'phone', phone);
      assertEnabled(user);
      const userId = user?.id ?? (await insertNewUser(ctx, trx, phone, body, passwordHash, 'investors', meta));
      const domain = body.enterprise.domain ?? (await pickDomain(trx));
      const parentEnterpriseId = kind === 'owner' ? invitation.enterprise_id : null;
      const { enterpriseId, defaultDepartmentId } = await createEnterprise(ctx, trx, {
        kind: kind === 'owner' ? 'owner' : 'common',
        abbreviation,
        fullName,
        creditCode,
        domain,
        parentEnterpriseId,
      });
      if (kind === 'admin') await grantInvitedProducts(ctx, trx, enterpriseId, invitation);
      await recordAudit(
        ctx,
        {
          action: 'enterprise.create',
          userId,
          enterpriseId,
          ip: meta.ip,
          detail: { kind, domain, parentEnterpriseId },
        },
        trx,
      );
      return admit(
        ctx,
        trx,
        {
          userId,
          newUser: !user,
          enterprise: { id: enterpriseId, fullName, domain },
          role: 'admin',
          departmentId: defaultDepartmentId,
          invitation,
        },
        meta,
      );
    },
    // a generated domain taken meanwhile, or the phone's account created meanwhile: run again
    (violation) =>
      (violation === 'enterprises.domain' && body.enterprise.domain === undefined) || violation === 'users.phone',
  );
}

/** A member joins the link's company, into the link's department while it is still the company's,
 *  else the company's default department. */
async function joinAsMember(
  ctx: AppContext,
  trx: Executor,
  invitation: InvitationRow,
  userId: number,
  newUser: boolean,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  const enterpriseId = invitation.enterprise_id!;
  const enterprise = await findEnterpriseById(trx, enterpriseId);
  if (!enterprise) throw new AppError(ErrorCode.RegistrationFailed, { status: 'invalid' });
  const departmentId =
    invitation.department_id !== null && (await isEnterpriseDepartment(trx, enterpriseId, invitation.department_id))
      ? invitation.department_id
      : await findDefaultDepartmentId(trx, enterpriseId);
  return admit(
    ctx,
    trx,
    {
      userId,
      newUser,
      enterprise: { id: enterpriseId, fullName: enterprise.full_name, domain: enterprise.domain },
      role: 'member',
      departmentId,
      invitation,
    },
    meta,
  );
}

/** `user/boundEnterpriseSignUp`: a new account joins as a member; a phone with an account answers
 *  1008115 (that person uses `boundEnterprise`). */
export async function signUpMember(
  ctx: AppContext,
  body: MemberSignUpRequest,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  assertPasswordsMatch(body);
  await readLiveInvitation(ctx, body.referralId, 'member');
  if (await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket))) {
    throw new AppError(ErrorCode.PhoneSignedUp);
  }
  const passwordHash = await hashPassword(body.password);
  return inOneTransaction(ctx, async (trx) => {
    const { phone, invitation } = await redeem(ctx, trx, body, 'member');
    const userId = await insertNewUser(ctx, trx, phone, body, passwordHash, 'investors', meta);
    return joinAsMember(ctx, trx, invitation, userId, true, meta);
  });
}

/** `user/boundEnterprise`: the existing account of the ticket's phone joins as a member. */
export async function joinMember(
  ctx: AppContext,
  body: JoinEnterpriseRequest,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  const live = await readLiveInvitation(ctx, body.referralId, 'member');
  const existing = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  if (!existing) throw new AppError(ErrorCode.RegisterAccountMissing);
  assertEnabled(existing);
  if (await findMembership(ctx.db, live.enterprise_id!, existing.id)) throw new AppError(ErrorCode.AlreadyJoined);
  return inOneTransaction(ctx, async (trx) => {
    const { phone, invitation } = await redeem(ctx, trx, body, 'member');
    const user = await findUserByIdentifier(trx, 'phone', phone);
    if (!user) throw new AppError(ErrorCode.RegisterAccountMissing);
    assertEnabled(user);
    return joinAsMember(ctx, trx, invitation, user.id, false, meta);
  });
}

/** `user/signUp`: a personal-version account without a company; signed in at once. */
export async function signUpPersonal(
  ctx: AppContext,
  body: PersonalSignUpRequest,
  meta: RequestMeta,
): Promise<PersonalSignUpResponse> {
  assertPasswordsMatch(body);
  if (await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket))) {
    throw new AppError(ErrorCode.PhoneSignedUp);
  }
  const passwordHash = await hashPassword(body.password);
  return inOneTransaction(ctx, async (trx) => {
    const phone = await spendTicket(ctx, trx, body.ticket, 'register');
    const userId = await insertNewUser(ctx, trx, phone, body, passwordHash, 'personal', meta);
    const answer = await enterAccount(ctx, { ...(await registrantEntry(trx, userId, meta)), enterpriseId: null }, trx);
    // a brand-new account has no second factor, nor any company to require one
    if (isTwoStepChallenge(answer)) throw new AppError(ErrorCode.RegistrationFailed);
    return { token: answer.token };
  });
}

/**
 * `personalSignUpCheck`: whether the ticket's phone has an account, and whether that account is
 * already in the link's company. The ticket is read, not used: the registration call uses it next.
 */
export async function checkSignUp(ctx: AppContext, body: SignUpCheckRequest): Promise<SignUpCheckResponse> {
  const user = await findUserByIdentifier(ctx.db, 'phone', await ticketPhone(ctx, body.ticket));
  if (!user) return { registered: false, joined: false };
  const invitation = body.referralId ? await findInvitationByHash(ctx.db, hashSecret(body.referralId)) : undefined;
  const enterpriseId = invitation?.enterprise_id ?? null;
  const joined = enterpriseId !== null && (await findMembership(ctx.db, enterpriseId, user.id)) !== undefined;
  return { registered: true, joined };
}

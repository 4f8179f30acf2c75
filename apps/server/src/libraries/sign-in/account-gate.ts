import type { LoginRequest, SessionResponse, TwoStepChallenge } from '@portal/shared/api/auth';
import { TWO_STEP_TICKET_TTL_SECONDS } from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Within } from '../../messaging/messenger.ts';
import type { Executor } from '../../queries/executor.ts';
import { findUserAgentsOfUser, insertSession } from '../../queries/sessions.ts';
import { anyEnterpriseRequiresTwoStep, insertTwoStepChallenge } from '../../queries/two-step.ts';
import type { UserRow } from '../../queries/users.ts';
import { type Write, writeTogether } from '../../queries/write-together.ts';
import { notifySecurityEvent } from '../account-security/security-notices.ts';
import { currentEnterpriseOf } from '../company/memberships.ts';
import { afterAnswer } from '../platform/after-answer.ts';
import { recordAudit } from '../platform/audit.ts';
import { type SessionClient, USER_AGENT_MAX, deviceFamily } from '../platform/devices.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import type { SignInAttempt } from '../platform/throttle.ts';

type SignInMethod = Parameters<NonNullable<AppContext['metrics']>['signIn']>[0];

/** The first factor of a way in: a password, or a code sent to the phone or mailbox (a registration's
 *  phone ticket is one). It proves a secret or a channel, never the authenticator. */
export interface FirstFactor {
  loginType: LoginRequest['loginType'];
  identifierType: LoginRequest['identifierType'];
}

/** Everything a way into an account knows when it reaches the gate. */
export interface Entry {
  user: UserRow;
  client: SessionClient & { ip: string };
  /** What proved the person: one factor, or both, by their RFC 8176 names (the second step done, or a
   *  passkey with user verification, which is a possession and a biometric or PIN in one). */
  proof: { first: FirstFactor } | { bothFactors: SignInMethodName[] };
  /** The sign-in try reserved under the throttles, settled here: ended on a session, kept counted as a
   *  failure of the account while its second step is owed. */
  attempt?: SignInAttempt;
  /** The company the session opens in; by default the one the person last used. */
  enterpriseId?: number | null;
  /** A sign-in's metric and the detail of its `sign-in.success` record; registrations record their
   *  redemption instead. */
  signIn?: { method: SignInMethod; detail: Record<string, unknown> };
}

export type GateAnswer = SessionResponse | TwoStepChallenge;

/**
 * RFC 8176 names of the proofs of a sign-in: a password, a code to the phone, a one-time code (to the
 * mailbox, or of the authenticator app, or a recovery code), a passkey kept in hardware or synced.
 */
export type SignInMethodName = 'pwd' | 'sms' | 'otp' | 'hwk' | 'swk';

/** The name of a first factor. */
export function firstFactorName(first: FirstFactor): SignInMethodName {
  if (first.loginType === 'password') return 'pwd';
  return first.identifierType === 'phone' ? 'sms' : 'otp';
}

/** What the session keeps of its sign-in's proof (`amr` of the ID tokens): `mfa` marks two factors. */
function amrOf(proof: Entry['proof']): string[] {
  return 'first' in proof ? [firstFactorName(proof.first)] : [...new Set(proof.bothFactors), 'mfa'];
}

/** The caller's transaction an entry is part of (a registration): the session or the ticket stands or
 *  falls with it, and what would tell the person (a new device's notice) waits for its commit, since no
 *  rollback can call a message back. */
export type EnclosingTransaction = Within;

/**
 * The one way into an account. Every path that opens a session (each sign-in, the second step of one,
 * registration and joining, and whatever comes later) ends here, so that none can forget a rule: a
 * disabled account is refused; an account with two-step sign-in proven by one factor gets the ticket
 * of a second step instead of a session; a session carries the flag of a company's two-step
 * requirement. `within` is the caller's transaction, when the entry is part of one (a registration).
 * The session, the settlement of the sign-in try and its audit row are written before the answer, in
 * one transaction on SQLite and side by side on PostgreSQL; whether the device is new is found out
 * after the answer, from the sessions opened before this one, since only its notice depends on it.
 */
export async function enterAccount(
  ctx: AppContext,
  entry: Entry & { proof: { bothFactors: SignInMethodName[] } },
  within?: EnclosingTransaction,
): Promise<SessionResponse>;
export async function enterAccount(ctx: AppContext, entry: Entry, within?: EnclosingTransaction): Promise<GateAnswer>;
export async function enterAccount(ctx: AppContext, entry: Entry, within?: EnclosingTransaction): Promise<GateAnswer> {
  const { user } = entry;
  const db = within?.db;
  if (user.disabled) throw new AppError(ErrorCode.AccountDisabled);
  if (user.totp_enabled_at !== null && 'first' in entry.proof) {
    return startSecondStep(ctx, entry, entry.proof.first, db);
  }
  const read = db ?? ctx.db;
  const [enterpriseId, setupRequired] = await Promise.all([
    entry.enterpriseId !== undefined ? entry.enterpriseId : currentEnterpriseOf(ctx, user.id, user.last_enterprise_id),
    user.totp_enabled_at === null && anyEnterpriseRequiresTwoStep(read, user.id),
  ]);
  let opened!: OpenedSession;
  const amr = amrOf(entry.proof);
  const writes: Write[] = [
    async (trx) => (opened = await createSession(ctx, user, enterpriseId, entry.client, amr, trx)),
  ];
  if (entry.attempt) writes.push((trx) => entry.attempt!.succeeded(trx));
  if (entry.signIn) {
    const detail = entry.signIn.detail;
    writes.push((trx) =>
      recordAudit(ctx, { action: 'sign-in.success', userId: user.id, enterpriseId, ip: entry.client.ip, detail }, trx),
    );
  }
  await inOrTogether(ctx, writes, db);
  if (within) {
    const notice = await newDeviceNotice(ctx, user, opened, within.db);
    if (notice) within.afterCommit(notice);
  } else {
    afterAnswer(ctx, 'the new-device check', async () => (await newDeviceNotice(ctx, user, opened, ctx.db))?.());
  }
  if (entry.signIn) ctx.metrics?.signIn(entry.signIn.method, 'success');
  const { session } = opened;
  return setupRequired ? { ...session, twoStepSetupRequired: true } : session;
}

/**
 * The first factor was right and the account has two-step sign-in: no session yet, but a ticket (256
 * bits, stored hashed, 5 minutes, single use, 5 wrong codes) for the second step. The first step's try
 * stays counted against the account until the second step succeeds.
 */
async function startSecondStep(
  ctx: AppContext,
  entry: Entry,
  first: FirstFactor,
  db: Executor | undefined,
): Promise<TwoStepChallenge> {
  const ticket = newSecret(32);
  const now = ctx.now();
  const expiresAt = now + TWO_STEP_TICKET_TTL_SECONDS * 1000;
  const writes: Write[] = [
    (trx) =>
      insertTwoStepChallenge(trx, {
        token_hash: hashSecret(ticket),
        user_id: entry.user.id,
        login_type: first.loginType,
        identifier_type: first.identifierType,
        expires_at: expiresAt,
        created_at: now,
      }),
  ];
  if (entry.attempt) writes.push((trx) => entry.attempt!.passedFirstStep(trx));
  await inOrTogether(ctx, writes, db);
  return { twoStep: { ticket, expiresAt: new Date(expiresAt).toISOString() } };
}

/** In the caller's transaction, one after the other; else together (writeTogether). */
async function inOrTogether(ctx: AppContext, writes: Write[], db: Executor | undefined): Promise<void> {
  if (!db) return writeTogether(ctx.db, ctx.engine, writes);
  for (const write of writes) await write(db);
}

interface OpenedSession {
  id: number;
  session: SessionResponse;
  createdAt: number;
  client: SessionClient;
}

/** Opens a session, recording the client it is opened from (`User-Agent` and IP), for the person's list
 *  of their sessions, and what proved its sign-in. */
async function createSession(
  ctx: AppContext,
  user: UserRow,
  enterpriseId: number | null,
  client: SessionClient,
  amr: string[],
  db: Executor,
): Promise<OpenedSession> {
  const token = newSecret(32);
  const now = ctx.now();
  const expiresAt = now + ctx.config.sessionMaxMs;
  const userAgent = client.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const id = await insertSession(db, {
    token_hash: hashSecret(token),
    user_id: user.id,
    enterprise_id: enterpriseId,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    user_agent: userAgent,
    ip: client.ip,
    amr: JSON.stringify(amr),
  });
  return {
    id,
    session: { token, expiresAt: new Date(expiresAt).toISOString() },
    createdAt: now,
    client: { ip: client.ip, userAgent },
  };
}

/**
 * A sign-in from a new device, told to the person (security notifications): when the user had sessions
 * before this one and none of them came from the same browser and system. A brand-new account, with no
 * session before, is not; nor is one whose earlier sessions predate the record of devices (migration
 * 0006), which could be any device. Only sessions opened before this one count, so that of two
 * concurrent sign-ins from one new device the first is told and the second is not. Returns the
 * notice to send once the session stands, or null.
 */
async function newDeviceNotice(
  ctx: AppContext,
  user: UserRow,
  opened: OpenedSession,
  db: Executor,
): Promise<(() => void) | null> {
  const earlier = await findUserAgentsOfUser(db, user.id, opened.id);
  if (!isNewDevice(earlier, opened.client.userAgent)) return null;
  const { ip, userAgent } = opened.client;
  return () => notifySecurityEvent(ctx, user, 'new-device', { at: opened.createdAt, ip, userAgent });
}

/** Whether a sign-in with `userAgent` comes from a device family none of the earlier sessions came from;
 *  never for the first session, nor when an earlier one has no recorded device (it may be this one). */
function isNewDevice(earlier: (string | null)[], userAgent: string | null): boolean {
  if (!earlier.length || earlier.includes(null)) return false;
  const family = deviceFamily(userAgent);
  return !earlier.some((other) => deviceFamily(other || null) === family);
}

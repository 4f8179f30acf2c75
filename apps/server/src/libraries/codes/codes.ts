import { randomInt } from 'node:crypto';
import type { CodeScene } from '@portal/shared/api/codes';
import type { Language } from '@portal/shared/constants';
import {
  CODE_LENGTH,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_SECONDS,
  CODE_SENDS_PER_DAY,
  CODE_SENDS_PER_ACCOUNT_HOUR,
  CODE_SENDS_PER_HOUR,
  CODE_SENDS_PER_IP_HOUR,
  CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF,
  CODE_TTL_SECONDS,
} from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Messenger } from '../../messaging/messenger.ts';
import type { RateLimit } from '../../queries/rate-events.ts';
import { consumeCode, findCode, releaseCodeTry, reserveCodeTry, upsertCode } from '../../queries/verification-codes.ts';
import { enclosing, inTransaction } from '../platform/company-transaction.ts';
import { ipKey } from '../platform/ip-key.ts';
import { hashSecret, sameHash } from '../platform/secrets.ts';
import { tooManyAttempts } from '../platform/throttle.ts';
import { issueProofOfWork, redeemProofOfWork } from './proof-of-work.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function codeHash(scene: string, target: string, code: string): string {
  return hashSecret(`${scene}\u0000${target}\u0000${code}`);
}

const RESEND_MS = CODE_RESEND_SECONDS * 1000;

/** The sending limits, counted whether or not the target has an account: the target's first, so that
 *  its cooldown is what a refusal tells whenever it applies. */
function sendingLimits({ target, ip, accountId }: SendCodeInput): RateLimit[] {
  return [
    { bucket: 'code-target', subject: target, windowMs: RESEND_MS, max: 1 },
    { bucket: 'code-target', subject: target, windowMs: HOUR, max: CODE_SENDS_PER_HOUR },
    { bucket: 'code-target', subject: target, windowMs: DAY, max: CODE_SENDS_PER_DAY },
    { bucket: 'code-ip', subject: ipKey(ip), windowMs: HOUR, max: CODE_SENDS_PER_IP_HOUR },
    ...(accountId === null
      ? []
      : [{ bucket: 'code-account', subject: String(accountId), windowMs: HOUR, max: CODE_SENDS_PER_ACCOUNT_HOUR }]),
  ];
}

/** The anonymous sends an address makes without a proof of work; it is checked last, so that it refuses
 *  only a send every other limit lets through. */
const UNPROVEN_BUCKET = 'code-ip-unproven';
function unprovenLimit(ip: string): RateLimit {
  return { bucket: UNPROVEN_BUCKET, subject: ipKey(ip), windowMs: HOUR, max: CODE_SENDS_PER_IP_HOUR_WITHOUT_PROOF };
}

/**
 * Reserves the send under every limit at once. Beyond the address's sends without proof, the send
 * needs a solved challenge (1009180 hands one out), which counts once; the send is then reserved
 * again, atomically, under the other limits only.
 */
async function reserveSend(ctx: AppContext, input: SendCodeInput, now: number) {
  const limits = sendingLimits(input);
  const anonymous = input.accountId === null;
  const reservation = await ctx.throttles.reserve(anonymous ? [...limits, unprovenLimit(input.ip)] : limits, now);
  if (reservation.granted || reservation.refused.bucket !== UNPROVEN_BUCKET) return reservation;
  if (!input.proofOfWork) throw new AppError(ErrorCode.ProofOfWorkRequired, { challenge: await issueProofOfWork(ctx) });
  await redeemProofOfWork(ctx, input.proofOfWork);
  return ctx.throttles.reserve(limits, now);
}

export interface SendCodeInput {
  channel: 'sms' | 'email';
  target: string;
  scene: CodeScene;
  ip: string;
  lang: Language;
  /** False for a `login`/`reset` code to an unknown target: it answers like a send but sends nothing. */
  deliver: boolean;
  /** The signed-in account asking, whose sends count by the account; null when nobody is signed in. */
  accountId: number | null;
  /** A solved challenge (ALTCHA's payload), needed once the address's sends without one are used up. */
  proofOfWork: string | undefined;
}

/**
 * Reserves the send under every limit at once, then makes the code and writes its message to the
 * outbox. The answer is the same, and costs the same, whether the message goes out or not: a target
 * that does not receive it still gets a code of its own that nobody will ever see, and a message in
 * the outbox that goes to nobody (a decoy); delivery happens after the answer.
 */
export async function sendCode(
  ctx: AppContext,
  messenger: Messenger,
  input: SendCodeInput,
): Promise<{ cooldownSeconds: number }> {
  const now = ctx.now();
  const reservation = await reserveSend(ctx, input, now);
  if (!reservation.granted) {
    const { refused, retryAfterMs } = reservation;
    const cooldown = refused.windowMs === RESEND_MS ? { cooldownSeconds: Math.ceil(retryAfterMs / 1000) } : {};
    throw tooManyAttempts(retryAfterMs, ErrorCode.SmsBusy, cooldown);
  }
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const expiresAt = now + CODE_TTL_SECONDS * 1000;
  // the code and its message (an outbox row) are written together, and a message is written whether
  // or not it goes out (a decoy otherwise): a write only for a target that receives one would make its
  // answer slower (seen on PostgreSQL: 10 to 17 ms at the median)
  await inTransaction(ctx, async (trx) => {
    await upsertCode(trx, {
      scene: input.scene,
      target: input.target,
      code_hash: codeHash(input.scene, input.target, code),
      expires_at: expiresAt,
      created_at: now,
    });
    await messenger.send(
      {
        channel: input.channel,
        to: input.target,
        subject: translate(input.lang, 'mail.codeSubject'),
        text: translate(input.lang, 'mail.codeText', { code, minutes: CODE_TTL_SECONDS / 60 }),
        expiresAt,
        ...(input.deliver ? {} : { purpose: 'decoy' as const }),
      },
      enclosing(trx),
    );
  });
  return { cooldownSeconds: CODE_RESEND_SECONDS };
}

/** Consumes the code if it is right; a wrong guess uses up one of the five tries. */
export async function verifyCode(ctx: AppContext, scene: CodeScene, target: string, code: string): Promise<boolean> {
  const checked = await checkCode(ctx, scene, target, code);
  return !!checked && checked.consume();
}

/** A right code, held: `consume` spends it (false if it was spent or replaced meanwhile), `release`
 *  leaves it valid with its try given back. */
export interface CheckedCode {
  consume(): Promise<boolean>;
  release(): Promise<void>;
}

/** Checks the code without spending it yet, for a call that may still refuse for another reason once
 *  the code is proven and should not cost the person the code then. Null for a wrong code (one of the
 *  five tries used up), or one spent, expired or out of tries. */
export async function checkCode(
  ctx: AppContext,
  scene: CodeScene,
  target: string,
  code: string,
): Promise<CheckedCode | null> {
  const row = await findCode(ctx.db, scene, target);
  if (!row) return null;
  if (!(await reserveCodeTry(ctx.db, row.id, CODE_MAX_WRONG_TRIES, ctx.now()))) return null;
  const hash = codeHash(scene, target, code);
  if (!sameHash(row.code_hash, hash)) return null;
  return {
    consume: () => consumeCode(ctx.db, row.id, hash, ctx.now()),
    release: () => releaseCodeTry(ctx.db, row.id, hash),
  };
}

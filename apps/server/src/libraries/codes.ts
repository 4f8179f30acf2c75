import { randomInt } from 'node:crypto';
import type { CodeScene } from '@portal/shared/api/codes';
import type { Language } from '@portal/shared/constants';
import {
  CODE_LENGTH,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_SECONDS,
  CODE_SENDS_PER_DAY,
  CODE_SENDS_PER_HOUR,
  CODE_SENDS_PER_IP_HOUR,
  CODE_TTL_SECONDS,
} from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../context.ts';
import type { Messenger } from '../messaging/messenger.ts';
import { countRateEvents, insertRateEvent } from '../queries/rate-events.ts';
import { consumeCode, findCode, reserveCodeTry, upsertCode } from '../queries/verification-codes.ts';
import { hashSecret, sameHash } from './secrets.ts';
import { tooManyAttempts } from './throttle.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function codeHash(scene: string, target: string, code: string): string {
  return hashSecret(`${scene}\u0000${target}\u0000${code}`);
}

/** The sending limits of the contract, counted whether or not the target has an account. */
async function assertCanSend(ctx: AppContext, target: string, ip: string): Promise<void> {
  const now = ctx.now();
  const recent = await countRateEvents(ctx.db, 'code-target', target, now - CODE_RESEND_SECONDS * 1000);
  if (recent.count > 0) {
    const waitMs = recent.oldest! + CODE_RESEND_SECONDS * 1000 - now;
    throw tooManyAttempts(waitMs, ErrorCode.SmsBusy, { cooldownSeconds: Math.ceil(waitMs / 1000) });
  }
  const limits: [string, string, number, number][] = [
    ['code-target', target, HOUR, CODE_SENDS_PER_HOUR],
    ['code-target', target, DAY, CODE_SENDS_PER_DAY],
    ['code-ip', ip, HOUR, CODE_SENDS_PER_IP_HOUR],
  ];
  for (const [bucket, subject, window, max] of limits) {
    const { count, oldest } = await countRateEvents(ctx.db, bucket, subject, now - window);
    if (count >= max) throw tooManyAttempts(oldest! + window - now, ErrorCode.SmsBusy);
  }
}

export interface SendCodeInput {
  channel: 'sms' | 'email';
  target: string;
  scene: CodeScene;
  ip: string;
  lang: Language;
  /** False for a `login`/`reset` code to an unknown target: it answers like a send but sends nothing. */
  deliver: boolean;
}

export async function sendCode(
  ctx: AppContext,
  messenger: Messenger,
  input: SendCodeInput,
): Promise<{ cooldownSeconds: number }> {
  await assertCanSend(ctx, input.target, input.ip);
  const now = ctx.now();
  await insertRateEvent(ctx.db, 'code-target', input.target, now);
  await insertRateEvent(ctx.db, 'code-ip', input.ip, now);
  if (input.deliver) {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    await upsertCode(ctx.db, {
      scene: input.scene,
      target: input.target,
      code_hash: codeHash(input.scene, input.target, code),
      expires_at: now + CODE_TTL_SECONDS * 1000,
      created_at: now,
    });
    await messenger.send({
      channel: input.channel,
      to: input.target,
      subject: translate(input.lang, 'mail.codeSubject'),
      text: translate(input.lang, 'mail.codeText', { code, minutes: CODE_TTL_SECONDS / 60 }),
    });
  }
  return { cooldownSeconds: CODE_RESEND_SECONDS };
}

/** Consumes the code if it is right; a wrong guess uses up one of the five tries. */
export async function verifyCode(ctx: AppContext, scene: CodeScene, target: string, code: string): Promise<boolean> {
  const row = await findCode(ctx.db, scene, target);
  if (!row) return false;
  const now = ctx.now();
  if (!(await reserveCodeTry(ctx.db, row.id, CODE_MAX_WRONG_TRIES, now))) return false;
  const hash = codeHash(scene, target, code);
  if (!sameHash(row.code_hash, hash)) return false;
  return consumeCode(ctx.db, row.id, hash, now);
}

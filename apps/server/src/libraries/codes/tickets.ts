import type { CodeScene, TicketResponse } from '@portal/shared/api/codes';
import { TICKET_TTL_SECONDS } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../queries/executor.ts';
import { findLiveTicket, insertTicket, useTicket } from '../../queries/tickets.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';

/** Proof, for 15 minutes, that the holder received a code at `target` for `scene`. */
export async function issueTicket(ctx: AppContext, scene: CodeScene, target: string): Promise<TicketResponse> {
  const ticket = newSecret(32);
  const now = ctx.now();
  const expiresAt = now + TICKET_TTL_SECONDS * 1000;
  await insertTicket(ctx.db, { token_hash: hashSecret(ticket), scene, target, expires_at: expiresAt, created_at: now });
  return { ticket, expiresAt: new Date(expiresAt).toISOString() };
}

/** The phone or email a live ticket proves; 1009104 for an unknown, expired, used or other-scene ticket. */
export async function readTicket(ctx: AppContext, ticket: string, scene: CodeScene, db: Executor = ctx.db) {
  const row = await findLiveTicket(db, hashSecret(ticket), ctx.now());
  if (!row || row.scene !== scene) throw new AppError(ErrorCode.CodeInvalid);
  return row;
}

/** Reads and uses up a ticket inside the caller's transaction, so a failed registration keeps it. */
export async function spendTicket(ctx: AppContext, db: Executor, ticket: string, scene: CodeScene): Promise<string> {
  const row = await readTicket(ctx, ticket, scene, db);
  if (!(await useTicket(db, row.id, ctx.now()))) throw new AppError(ErrorCode.CodeInvalid);
  return row.target;
}

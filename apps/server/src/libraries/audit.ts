import type { AppContext } from '../context.ts';
import type { Executor } from '../queries/executor.ts';
import { insertAuditEvent } from '../queries/audit.ts';

export type AuditAction =
  | 'sign-in.success'
  | 'sign-in.failure'
  | 'logout'
  | 'password.change'
  | 'password.reset'
  | 'phone.change'
  | 'email.change'
  | 'invitation.redeem'
  | 'enterprise.create'
  // the settings centre: an administrator's changes to the company
  | 'member.create'
  | 'member.update'
  | 'member.remove'
  | 'invitation.create'
  | 'invitation.revoke'
  | 'branding.change';

export interface AuditEvent {
  action: AuditAction;
  userId?: number | null;
  enterpriseId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Who did what, in which enterprise, when and from where. Runs in the caller's transaction when given. */
export async function recordAudit(ctx: AppContext, event: AuditEvent, db: Executor = ctx.db): Promise<void> {
  await insertAuditEvent(db, {
    at: ctx.now(),
    action: event.action,
    user_id: event.userId ?? null,
    enterprise_id: event.enterpriseId ?? null,
    ip: event.ip ?? null,
    detail: event.detail ? JSON.stringify(event.detail) : null,
  });
}

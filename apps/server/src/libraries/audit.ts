import type { AppContext } from '../context.ts';
import { insertAuditEvent } from '../queries/audit.ts';
import type { Executor } from '../queries/executor.ts';

export type AuditAction =
  | 'sign-in.success'
  | 'sign-in.failure'
  | 'logout'
  /** the person ended one or all other of their own sessions (My sessions) */
  | 'session.revoke'
  | 'password.change'
  | 'password.reset'
  | 'phone.change'
  | 'email.change'
  /** a passkey added to, or removed from, the person's account */
  | 'passkey.add'
  | 'passkey.remove'
  | 'invitation.redeem'
  | 'enterprise.create'
  /** a session moved into another of the person's companies: a sign-in there, for that company's log */
  | 'enterprise.enter'
  // the settings centre: an administrator's changes to the company
  | 'member.create'
  | 'member.update'
  | 'member.remove'
  | 'invitation.create'
  | 'invitation.revoke'
  | 'branding.change'
  /** the department tree: a department added, renamed, or deleted with its sub-departments */
  | 'department.create'
  | 'department.rename'
  | 'department.delete'
  /** the company's audit log exported (CSV) */
  | 'audit.export'
  // two-step sign-in: the person's own switch, and the company's requirement
  | 'two-step.on'
  | 'two-step.off'
  | 'security.change';

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

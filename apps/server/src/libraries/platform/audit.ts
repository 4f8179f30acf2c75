import type { AppContext } from '../../context.ts';
import { insertAuditEvent } from '../../queries/audit.ts';
import type { Executor } from '../../queries/executor.ts';

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
  | 'security.change'
  /** the company's API keys: made, revoked */
  | 'api-key.create'
  | 'api-key.revoke'
  /**
   * the company's webhook endpoints: added, changed (or turned off and on), deleted, given a new secret,
   * and a delivery sent again (the receiver gets the event once more)
   */
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.delete'
  | 'webhook.rotate'
  | 'webhook.resend'
  /** the company's sites: made, changed, retired (which ends every grant on them) */
  | 'site.create'
  | 'site.update'
  | 'site.retire'
  /**
   * a grant of a site, in each company it touches (the owner, the grantor, the grantee, and those
   * below it that a revoke ended): made, given a new end, revoked by a company above it, left by its
   * holder, or passed its end (no actor)
   */
  | 'site-grant.create'
  | 'site-grant.update'
  | 'site-grant.revoke'
  | 'site-grant.leave'
  | 'site-grant.expire'
  /** a person or department of the company given, or no longer given, a site or a grant */
  | 'site-assignment.add'
  | 'site-assignment.remove'
  /**
   * the platform's support in the company: a window granted, revoked early, passed its end (no
   * actor), a support person entering (the support person as actor, named in the detail), and their
   * sessions ended because the operator removed them from the support staff (no actor)
   */
  | 'support-access.grant'
  | 'support-access.revoke'
  | 'support-access.end'
  | 'support-access.enter'
  | 'support-access.staff-removed'
  /** a support person asked for a window (the support person as actor), and an administrator refused it;
   *  an approval is `support-access.grant` with the request's id */
  | 'support-request.create'
  | 'support-request.refuse'
  /** a request for a site, in the owner and in the requesting company: asked, approved (with the grant), refused */
  | 'access-request.create'
  | 'access-request.approve'
  | 'access-request.cap'
  | 'access-request.refuse'
  | 'device.claim'
  | 'device.exchange'
  | 'device.revoke';

export interface AuditEvent {
  action: AuditAction;
  userId?: number | null;
  enterpriseId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
  /** The company API key that made the change (then `userId` is null): kept in the detail as `apiKey`. */
  apiKey?: { id: number; prefix: string; name: string } | null;
}

/** Who did what, in which enterprise, when and from where. Runs in the caller's transaction when given. */
export async function recordAudit(ctx: AppContext, event: AuditEvent, db: Executor = ctx.db): Promise<void> {
  const detail = event.apiKey ? { ...event.detail, apiKey: event.apiKey } : event.detail;
  await insertAuditEvent(db, {
    at: ctx.now(),
    action: event.action,
    user_id: event.userId ?? null,
    enterprise_id: event.enterpriseId ?? null,
    ip: event.ip ?? null,
    detail: detail ? JSON.stringify(detail) : null,
  });
}

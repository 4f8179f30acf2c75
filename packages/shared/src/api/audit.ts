import { z } from 'zod';
import { requestString } from '../validation/rules.ts';
import { cursorQuerySchema, nextCursorSchema } from './paging.ts';
import { optionalUnlessBlank } from './registration.ts';

/**
 * The company's audit log in the settings centre (`GET S/audit/events` and its CSV export). Like
 * every settings call it reads the session's current company: no request names the company.
 */

/**
 * The actions the log names in words, in the order the action filter offers them. The server may
 * record more (each new one shows by its code until it has a label); the filter takes any of them.
 */
export const AUDIT_ACTIONS = [
  'sign-in.success',
  'enterprise.enter',
  'logout',
  'invitation.redeem',
  'enterprise.create',
  'member.create',
  'member.update',
  'member.remove',
  'invitation.create',
  'invitation.revoke',
  'branding.change',
  'department.create',
  'department.rename',
  'department.delete',
  'password.change',
  'password.reset',
  'phone.change',
  'email.change',
  'session.revoke',
  'passkey.add',
  'passkey.remove',
  'two-step.on',
  'two-step.off',
  'security.change',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate',
  'webhook.resend',
  'api-key.create',
  'api-key.revoke',
  'site.create',
  'site.update',
  'site.retire',
  'site-grant.create',
  'site-grant.update',
  'site-grant.revoke',
  'site-grant.leave',
  'site-grant.expire',
  'site-assignment.add',
  'site-assignment.remove',
  'support-access.grant',
  'support-access.revoke',
  'support-access.end',
  'support-access.enter',
  'support-access.staff-removed',
  'support-request.create',
  'support-request.refuse',
  'access-request.create',
  'access-request.approve',
  'access-request.refuse',
  'access-request.cap',
  'device.claim',
  'device.exchange',
  'device.revoke',
  'audit.export',
] as const;
export type KnownAuditAction = (typeof AUDIT_ACTIONS)[number];

export function isKnownAuditAction(action: string): action is KnownAuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

export const AUDIT_PAGE_SIZE_DEFAULT = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

/** An action's code: dotted lower-case words, as the server records them. */
const actionSchema = requestString({ trim: true })
  .max(64)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/, 'validation.invalidValue');

/** A moment with its offset (`2026-05-01T00:00:00+08:00` or `...Z`). */
const momentSchema = z.iso.datetime({ offset: true, error: 'validation.invalidValue' });

/** The filters both calls share: the acting person, the action, and `from` (inclusive) to `to` (exclusive). */
export const auditFilterShape = {
  userId: optionalUnlessBlank(z.coerce.number().int().positive().max(2_147_483_647)),
  action: optionalUnlessBlank(actionSchema),
  from: optionalUnlessBlank(momentSchema),
  to: optionalUnlessBlank(momentSchema),
};

/** Whether this runtime knows the IANA time zone (`Asia/Shanghai`, `Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `GET S/audit/events.csv?userId=&action=&from=&to=&timeZone=`: the times in the reader's zone
 *  (`timeZone`, an IANA name; UTC without it), each with its offset. */
export const auditExportQuerySchema = z.strictObject({
  ...auditFilterShape,
  timeZone: optionalUnlessBlank(z.string().max(64).refine(isTimeZone, 'validation.invalidValue')),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** `GET S/audit/events?cursor=&pageSize=&userId=&action=&from=&to=` */
export const auditEventsQuerySchema = z.strictObject({
  cursor: cursorQuerySchema,
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  ...auditFilterShape,
});
export type AuditEventsQuery = z.infer<typeof auditEventsQuerySchema>;

/** The most people `GET S/audit/people` answers: the filter narrows by what is typed. */
export const AUDIT_PEOPLE_MAX = 100;

/** `GET S/audit/people?keyword=`; `keyword` matches the name or account. */
export const auditPeopleQuerySchema = z.strictObject({
  keyword: optionalUnlessBlank(requestString({ trim: true }).max(64)),
});
export type AuditPeopleQuery = z.infer<typeof auditPeopleQuerySchema>;

/** Someone who acted in the company's log: a member, or one removed since (`removed`), whose events stay. */
export const auditPersonSchema = z.object({ userId: z.number(), nickname: z.string(), removed: z.boolean() });
export type AuditPerson = z.infer<typeof auditPersonSchema>;
export const auditPeopleSchema = z.array(auditPersonSchema);

/** Who acted: a person, or a company API key (`apiKey`; `userId` null, `nickname` the key's name); null
 *  when the event has neither (or the account is gone). */
export const auditActorSchema = z
  .object({
    userId: z.number().nullable(),
    nickname: z.string(),
    apiKey: z.object({ id: z.number(), prefix: z.string() }).optional(),
    /** The platform's support acting in the company with its consent (docs/support-access.md). */
    support: z.literal(true).optional(),
  })
  .nullable();

export const auditEventSchema = z.object({
  id: z.number(),
  /** ISO 8601 */
  at: z.string(),
  action: z.string(),
  actor: auditActorSchema,
  ip: z.string().nullable(),
  /** What the event was about: ids, kinds, what changed from what to what; never a secret. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventPageSchema = z.object({
  items: z.array(auditEventSchema),
  /** The events of the filter, counted for its first page only (no `cursor`); null on the pages after. */
  total: z.number().nullable(),
  nextCursor: nextCursorSchema,
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

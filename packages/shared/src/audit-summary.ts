import type { AuditEvent } from './api/audit.ts';

/**
 * An audit event in words, the same on the settings centre's screen and in its CSV file: the action's
 * label and a line of what its detail says, each in the reader's language. The caller's `t` looks a
 * key up (`count` picks the plural form, `defaultValue` stands in for a key it lacks).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action in the reader's language; one without a label yet shows its code. */
export function actionLabel(action: string, t: Translate): string {
  return t(`audit.actions.${action}`, { defaultValue: action });
}

/** Who acted, as the log names them: the platform's support as "support X in this company". */
export function actorName(actor: { nickname: string; support?: true }, t: Translate): string {
  return actor.support ? t('audit.supportActor', { name: actor.nickname }) : actor.nickname;
}

/** What the event did: its action's label, except that proving the phone or email the account
 *  already had is a verification, not a change. */
export function eventLabel(event: Pick<AuditEvent, 'action' | 'detail'>, t: Translate): string {
  if ((event.action === 'email.change' || event.action === 'phone.change') && event.detail?.changed === false)
    return t(`audit.verified.${event.action.slice(0, event.action.indexOf('.'))}`);
  return actionLabel(event.action, t);
}

/** What an event's detail says, in a line of the reader's language; an action this does not know yet
 *  shows its plain values as key: value. */
export function auditSummary(
  event: Pick<AuditEvent, 'action' | 'detail'>,
  t: Translate,
  departmentName: (id: number) => string | undefined,
): string {
  const detail = event.detail ?? {};
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : undefined);
  const num = (key: string) => (typeof detail[key] === 'number' ? (detail[key] as number) : undefined);
  const role = (value: unknown) =>
    value === 'admin'
      ? t('settings.members.roleAdmin')
      : value === 'member'
        ? t('settings.members.roleMember')
        : String(value);
  const department = (value: unknown) =>
    typeof value === 'number'
      ? (departmentName(value) ?? t('audit.summary.unknownDepartment', { id: value }))
      : String(value);
  const change = (value: unknown): { from: unknown; to: unknown } | undefined =>
    value !== null && typeof value === 'object' && 'from' in value && 'to' in value
      ? (value as { from: unknown; to: unknown })
      : undefined;
  const parts: string[] = [];
  const named = (group: string, value: string) => t(`audit.summary.${group}.${value}`, { defaultValue: value });
  const method = (how: string | undefined, via: string | undefined) => {
    if (!how) return;
    const by = via ? named('via', via) : null;
    parts.push(
      by
        ? t('audit.summary.methodVia', { method: named('methods', how), via: by })
        : t('audit.summary.method', { method: named('methods', how) }),
    );
  };

  const memberId = num('memberId');
  if (memberId !== undefined) parts.push(t('audit.summary.member', { name: text('memberName') ?? `#${memberId}` }));

  switch (event.action) {
    case 'sign-in.success':
    case 'sign-in.failure': {
      method(text('loginType'), text('via'));
      const factor = text('twoStep');
      if (factor) parts.push(t('audit.summary.secondStep', { factor: named('factors', factor) }));
      if (text('step') === 'two-step') parts.push(t('audit.summary.atSecondStep'));
      break;
    }
    case 'password.reset':
      method('code', text('via'));
      break;
    case 'two-step.off': {
      const factor = text('with');
      if (factor) parts.push(t('audit.summary.confirmedWith', { factor: named('factors', factor) }));
      break;
    }
    case 'passkey.add':
    case 'passkey.remove': {
      const id = num('passkeyId');
      if (id !== undefined) parts.push(t('audit.summary.passkey', { id }));
      break;
    }
    case 'logout':
    case 'session.revoke': {
      const id = num('sessionId');
      if (id !== undefined) parts.push(t('audit.summary.session', { id }));
      const others = num('others');
      if (others !== undefined) parts.push(t('audit.summary.otherSessions', { count: others }));
      break;
    }
    case 'email.change':
    case 'phone.change':
      // the label says it (changed or verified); a first email is worth saying
      if (detail.hadEmail === false) parts.push(t('audit.summary.firstEmail'));
      break;
    case 'enterprise.create': {
      const kind = text('kind');
      if (kind) parts.push(t('audit.summary.companyKind', { kind: named('companyKinds', kind) }));
      const domain = text('domain');
      if (domain) parts.push(t('audit.summary.domain', { domain }));
      break;
    }
    case 'access-request.cap': {
      const hours = num('capHours');
      if (hours !== undefined) parts.push(t('audit.summary.capHours', { hours }));
      break;
    }
    case 'security.change':
      if (typeof detail.requireTwoStep === 'boolean')
        parts.push(t(detail.requireTwoStep ? 'audit.summary.twoStepRequired' : 'audit.summary.twoStepNotRequired'));
      break;
    case 'department.create': {
      const name = text('name');
      if (name) parts.push(t('audit.summary.departmentIs', { name }));
      const parentId = num('parentId');
      if (parentId !== undefined) parts.push(t('audit.summary.under', { name: department(parentId) }));
      break;
    }
    case 'department.rename':
      parts.push(t('audit.summary.department', { from: String(detail.from), to: String(detail.to) }));
      break;
    case 'department.delete': {
      const name = text('name');
      if (name) parts.push(t('audit.summary.departmentIs', { name }));
      const below = num('subDepartments');
      if (below) parts.push(t('audit.summary.subDepartments', { count: below }));
      break;
    }
    case 'member.create':
      if (detail.role !== undefined) parts.push(t('audit.summary.roleIs', { role: role(detail.role) }));
      if (typeof detail.departmentId === 'number')
        parts.push(t('audit.summary.departmentIs', { name: department(detail.departmentId) }));
      break;
    case 'member.update': {
      const roleChange = change(detail.role);
      if (roleChange) {
        parts.push(t('audit.summary.role', { from: role(roleChange.from), to: role(roleChange.to) }));
      }
      const departmentChange = change(detail.departmentId);
      if (departmentChange) {
        parts.push(
          t('audit.summary.department', {
            from: department(departmentChange.from),
            to: department(departmentChange.to),
          }),
        );
      }
      break;
    }
    case 'member.remove':
      if (detail.role !== undefined) parts.push(t('audit.summary.roleIs', { role: role(detail.role) }));
      break;
    case 'invitation.create':
    case 'invitation.revoke':
    case 'invitation.redeem': {
      const id = num('invitationId');
      if (id !== undefined) parts.push(t('audit.summary.link', { id }));
      const kind = text('kind');
      if (kind) parts.push(t('audit.summary.kind', { kind: named('kinds', kind) }));
      const maxUses = num('maxUses');
      if (maxUses !== undefined) parts.push(t('audit.summary.uses', { count: maxUses }));
      if (detail.newUser === true) parts.push(t('audit.summary.newAccount'));
      break;
    }
    case 'branding.change':
      if (detail.names) parts.push(t('audit.summary.brandingNames'));
      if (detail.icon) parts.push(t('audit.summary.brandingIcon'));
      break;
    case 'audit.export': {
      const rows = num('rows');
      if (rows !== undefined) parts.push(t('audit.summary.rows', { count: rows }));
      break;
    }
    case 'api-key.create':
    case 'api-key.revoke': {
      const name = text('name');
      if (name) parts.push(t('audit.summary.apiKey', { name, prefix: text('prefix') ?? '' }));
      if (detail.reason === 'creatorNotAdministrator') parts.push(t('audit.summary.keyCreatorNotAdministrator'));
      break;
    }
    case 'webhook.create':
    case 'webhook.update':
    case 'webhook.delete':
    case 'webhook.rotate':
    case 'webhook.resend': {
      // named by its address as the other rows name their object; rows made before the address was
      // kept on every action name its number
      const url = text('url');
      const previousUrl = text('previousUrl');
      const id = num('endpointId');
      if (url && previousUrl) parts.push(t('audit.summary.webhookMoved', { from: previousUrl, to: url }));
      else if (url) parts.push(t('audit.summary.webhook', { url }));
      else if (id !== undefined) parts.push(t('audit.summary.webhookNumber', { id }));
      if (Array.isArray(detail.eventTypes))
        parts.push(t('audit.summary.events', { events: detail.eventTypes.join(', ') }));
      if (typeof detail.description === 'string')
        parts.push(t('audit.summary.description', { text: detail.description }));
      else if (detail.description === null) parts.push(t('audit.summary.descriptionCleared'));
      if (detail.enabled === true) parts.push(t('audit.summary.turnedOn'));
      if (detail.enabled === false)
        parts.push(t(detail.reason === 'failing' ? 'audit.summary.turnedOffFailing' : 'audit.summary.turnedOff'));
      const eventId = text('eventId');
      if (eventId) parts.push(t('audit.summary.event', { id: eventId }));
      break;
    }
    case 'support-access.grant':
    case 'support-access.enter':
    case 'support-access.staff-removed':
    case 'support-request.create':
    case 'support-request.refuse': {
      const name = text('supportName');
      if (name) parts.push(t('audit.summary.support', { name }));
      const until = text('until');
      if (until) parts.push(t('audit.summary.supportUntil', { until }));
      if (Array.isArray(detail.siteNames)) parts.push(t('audit.summary.site', { name: detail.siteNames.join(', ') }));
      break;
    }
    case 'site.create':
    case 'site.update':
    case 'site.retire':
    case 'site-grant.create':
    case 'site-grant.update':
    case 'site-grant.revoke':
    case 'site-grant.leave':
    case 'site-grant.expire':
    case 'site-assignment.add':
    case 'site-assignment.remove':
    case 'access-request.create':
    case 'access-request.approve':
    case 'access-request.refuse':
    case 'device.claim':
    case 'device.exchange':
    case 'device.revoke': {
      const name = text('siteName');
      if (name) parts.push(t('audit.summary.site', { name }));
      const grant = text('grantId');
      const grantor = text('grantor');
      const grantee = text('grantee');
      if (grant && grantor && grantee) parts.push(t('audit.summary.siteGrant', { grant, grantor, grantee }));
      const template = text('template');
      if (template) parts.push(t('audit.summary.template', { template: t(`sites.templates.${template}`) }));
      const until = text('endsAt');
      if (until) parts.push(t('audit.summary.until', { until }));
      const member = text('assignee');
      if (member) parts.push(t('audit.summary.member', { name: member }));
      if (Array.isArray(detail.endedGrants))
        parts.push(t('audit.summary.endedGrants', { count: detail.endedGrants.length }));
      break;
    }
    case 'enterprise.enter':
    case 'password.change':
    case 'two-step.on':
      break;
    default:
      for (const [key, value] of Object.entries(detail)) {
        if (key === 'memberId' || key === 'memberName') continue;
        if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
          parts.push(`${key}: ${String(value)}`);
      }
  }
  return parts.join(' · ');
}

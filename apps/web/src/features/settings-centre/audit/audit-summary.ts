import type { AuditEvent } from '@portal/shared/api/audit';

/** A text by a key built at run time (`audit.summary.methods.${method}`), with its parameters. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action in the reader's language; one the web app has no label for yet shows its code. */
export function actionLabel(action: string, t: Translate): string {
  return t(`audit.actions.${action}`, { defaultValue: action });
}

/** What an event's detail says, in a line of the reader's language; unknown details show as key: value. */
export function auditSummary(
  event: AuditEvent,
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
  const memberId = num('memberId');
  if (memberId !== undefined) parts.push(t('audit.summary.member', { name: text('memberName') ?? `#${memberId}` }));

  switch (event.action) {
    case 'sign-in.success': {
      const method = text('loginType');
      const via = text('via');
      if (method) {
        const how = t(`audit.summary.methods.${method}`, { defaultValue: method });
        const by = via ? t(`audit.summary.via.${via}`, { defaultValue: via }) : null;
        parts.push(
          by ? t('audit.summary.methodVia', { method: how, via: by }) : t('audit.summary.method', { method: how }),
        );
      }
      break;
    }
    case 'member.create':
      if (detail.role !== undefined) parts.push(t('audit.summary.roleIs', { role: role(detail.role) }));
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
      if (kind) parts.push(t('audit.summary.kind', { kind: t(`audit.summary.kinds.${kind}`, { defaultValue: kind }) }));
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
    default:
      for (const [key, value] of Object.entries(detail)) {
        if (key === 'memberId' || key === 'memberName') continue;
        if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
          parts.push(`${key}: ${String(value)}`);
      }
  }
  return parts.join(' · ');
}

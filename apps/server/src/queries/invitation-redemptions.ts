import type { Executor } from './executor.ts';

/**
 * The companies a user entered through invitation links and is still a member of, with each
 * redemption's record (its detail names the link's row id). Read company by company, from the audit
 * log's index of a company's events by person, since a user is in few companies and the log is long.
 */
export function listRedemptionsOfMember(db: Executor, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('audit_events', (join) =>
      join
        .onRef('audit_events.enterprise_id', '=', 'memberships.enterprise_id')
        .onRef('audit_events.user_id', '=', 'memberships.user_id'),
    )
    .innerJoin('enterprises', 'enterprises.id', 'memberships.enterprise_id')
    .select([
      'enterprises.id as enterpriseId',
      'enterprises.full_name as fullName',
      'enterprises.domain as domain',
      'audit_events.detail as detail',
    ])
    .where('memberships.user_id', '=', userId)
    .where('audit_events.action', '=', 'invitation.redeem')
    .execute();
}

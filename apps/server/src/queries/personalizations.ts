import type { PersonalizationsTable } from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import type { Executor } from './executor.ts';

/** A company's branding without the icon bytes, which only the icon route reads. */
export function findPersonalization(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('personalizations')
    .select([
      'enterprise_id',
      'platform_name',
      'platform_name_cn',
      'platform_name_en',
      'language_type',
      'icon_version',
      'icon_type',
    ])
    .where(ofCompany('personalizations', enterpriseId))
    .executeTakeFirst();
}

/** The branding of a company, if the user is one of its members: the membership check and the read
 *  in one statement, as a signed-in page asks for the branding of its session's company. */
export function findMemberPersonalization(db: Executor, enterpriseId: number, userId: number) {
  return db
    .selectFrom('personalizations')
    .innerJoin('memberships', 'memberships.enterprise_id', 'personalizations.enterprise_id')
    .select([
      'personalizations.enterprise_id',
      'personalizations.platform_name',
      'personalizations.platform_name_cn',
      'personalizations.platform_name_en',
      'personalizations.language_type',
      'personalizations.icon_version',
      'personalizations.icon_type',
    ])
    .where(ofCompany('personalizations', enterpriseId))
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

export function findPersonalizationIcon(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('personalizations')
    .select(['icon', 'icon_type', 'icon_version'])
    .where(ofCompany('personalizations', enterpriseId))
    .executeTakeFirst();
}

export async function updatePersonalizationNames(
  db: Executor,
  enterpriseId: number,
  values: Pick<PersonalizationsTable, 'platform_name' | 'platform_name_cn' | 'platform_name_en' | 'language_type'>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('personalizations')
    .set({ ...values, updated_at: now })
    .where(ofCompany('personalizations', enterpriseId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stores a new icon, or none (the platform's icon again), and moves its version on in one
 *  statement; the new version, or undefined when the enterprise has no personalization row. */
export async function updatePersonalizationIcon(
  db: Executor,
  enterpriseId: number,
  icon: { bytes: Uint8Array; type: NonNullable<PersonalizationsTable['icon_type']> } | null,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('personalizations')
    .set((eb) => ({
      icon: icon?.bytes ?? null,
      icon_type: icon?.type ?? null,
      icon_version: eb('icon_version', '+', 1),
      updated_at: now,
    }))
    .where(ofCompany('personalizations', enterpriseId))
    .returning('icon_version')
    .executeTakeFirst();
  return row?.icon_version;
}

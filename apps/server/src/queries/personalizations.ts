import type { Executor } from './executor.ts';

/** A company's branding without the icon bytes, which only the icon route reads. */
export function findPersonalization(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('personalizations')
    .select(['enterprise_id', 'platform_name', 'platform_name_cn', 'platform_name_en', 'language_type', 'icon_version'])
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
}

export function findPersonalizationIcon(db: Executor, enterpriseId: number) {
  return db
    .selectFrom('personalizations')
    .select(['icon', 'icon_type', 'icon_version'])
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Every member of a company belongs to a department. Members stored without one (the demo tenant's,
 * until now) move into their company's default department, which counted them nowhere; the column
 * then refuses a missing department, so that the default department's count and its member list
 * cannot disagree again.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const placeInDefault = sql`update memberships set department_id = (
      select departments.id from departments
      where departments.enterprise_id = memberships.enterprise_id and departments.is_default = 1
    ) where department_id is null`;
  if (engine === 'postgres') {
    await placeInDefault.execute(db);
    await sql`alter table memberships alter column department_id set not null`.execute(db);
    return;
  }
  // SQLite cannot add NOT NULL to a column: the table is rebuilt (sqlite.org/lang_altertable.html,
  // "making other kinds of table schema changes"), in one transaction so that a failure leaves the old
  // table whole; no table refers to memberships, so dropping it cascades nowhere
  await db.transaction().execute(async (trx) => {
    await placeInDefault.execute(trx);
    await sql`create table memberships_rebuilt (
      enterprise_id integer not null references enterprises (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      role text not null,
      department_id integer not null references departments (id),
      joined_at integer not null,
      constraint memberships_pk primary key (enterprise_id, user_id)
    )`.execute(trx);
    await sql`insert into memberships_rebuilt (enterprise_id, user_id, role, department_id, joined_at)
      select enterprise_id, user_id, role, department_id, joined_at from memberships`.execute(trx);
    await sql`drop table memberships`.execute(trx);
    await sql`alter table memberships_rebuilt rename to memberships`.execute(trx);
    await trx.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();
    await trx.schema
      .createIndex('memberships_department')
      .on('memberships')
      .columns(['enterprise_id', 'department_id'])
      .execute();
  });
}

import type { Insertable, Selectable } from 'kysely';
import type { ProductCode } from '@portal/shared/products';
import type {
  OidcClientsTable,
  OidcGrantLinksTable,
  OidcKeyState,
  OidcKeyUse,
  OidcKeysTable,
  OidcModelsTable,
} from '../db/schema.ts';
import { ofCompany } from './company-scope.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

// ---- the provider's models ----

export type ModelRow = Pick<Selectable<OidcModelsTable>, 'payload' | 'consumed_at' | 'expires_at'>;

/** Writes a model as the provider saves it, new or changed; a consumption, which only consumeModel marks, is kept. */
export async function upsertModel(db: Executor, row: Omit<Insertable<OidcModelsTable>, 'consumed_at'>): Promise<void> {
  const { model: _model, id: _id, ...changes } = row;
  await db
    .insertInto('oidc_models')
    .values({ ...row, consumed_at: null })
    .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(changes))
    .execute();
}

const modelById = compiledOnce(
  (db, model: string, id: string) =>
    db
      .selectFrom('oidc_models')
      .select(['payload', 'consumed_at', 'expires_at'])
      .where('model', '=', model)
      .where('id', '=', id),
  ['model', 'id'],
);

/** Read on every call of the provider (a token, its grant, a session). */
export async function findModel(db: Executor, model: string, id: string): Promise<ModelRow | undefined> {
  return (await modelById(db, model, id).execute(db)).rows[0];
}

const modelsById = compiledOnce(
  (db, first: string, second: string, third: string, id: string) =>
    db
      .selectFrom('oidc_models')
      .select(['model', 'payload', 'consumed_at', 'expires_at'])
      .where('model', 'in', [first, second, third])
      .where('id', '=', id),
  ['first', 'second', 'third', 'id'],
);

/** The rows of three models with `id`: at most one each (the key is the model and the id). Read on
 *  every call with a token, which may be of any of them. */
export async function findModelsWithId(db: Executor, models: readonly [string, string, string], id: string) {
  return (await modelsById(db, ...models, id).execute(db)).rows;
}

export async function findModelByUid(db: Executor, model: string, uid: string): Promise<ModelRow | undefined> {
  return db
    .selectFrom('oidc_models')
    .select(['payload', 'consumed_at', 'expires_at'])
    .where('model', '=', model)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export async function findModelByUserCode(
  db: Executor,
  model: string,
  userCode: string,
): Promise<ModelRow | undefined> {
  return db
    .selectFrom('oidc_models')
    .select(['payload', 'consumed_at', 'expires_at'])
    .where('model', '=', model)
    .where('user_code', '=', userCode)
    .executeTakeFirst();
}

/** Marks a model consumed if no one has: true for exactly one of any number of concurrent callers. */
export async function consumeModel(db: Executor, model: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('oidc_models')
    .set({ consumed_at: now })
    .where('model', '=', model)
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function grantIdOfModel(db: Executor, model: string, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('oidc_models')
    .select('grant_id')
    .where('model', '=', model)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.grant_id ?? null;
}

export async function deleteModel(db: Executor, model: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', id).execute();
}

/** Every token and code of a grant, whatever its model, and the grant itself. */
export async function deleteGrantModels(db: Executor, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_models')
    .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]))
    .execute();
}

export async function deleteModelsOfGrant(db: Executor, model: string, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_models').where('model', '=', model).where('grant_id', '=', grantId).execute();
}

/** Models of one kind by id, in one statement: the caller bounds the set (a statement's parameters are). */
export async function findModelsByIds(
  db: Executor,
  model: string,
  ids: string[],
): Promise<{ id: string; payload: string }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('oidc_models')
    .select(['id', 'payload'])
    .where('model', '=', model)
    .where('id', 'in', ids)
    .execute();
}

export async function deleteModelsByIds(db: Executor, model: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('oidc_models').where('model', '=', model).where('id', 'in', ids).execute();
}

/** Every token and code of these grants, whatever its model, and the grants themselves, in one statement. */
export async function deleteModelsOfGrants(db: Executor, grantIds: string[]): Promise<void> {
  if (!grantIds.length) return;
  await db
    .deleteFrom('oidc_models')
    .where((eb) =>
      eb.or([eb('grant_id', 'in', grantIds), eb.and([eb('model', '=', 'Grant'), eb('id', 'in', grantIds)])]),
    )
    .execute();
}

export async function findSessionsOfAccount(
  db: Executor,
  accountId: string,
): Promise<{ id: string; payload: string }[]> {
  return db
    .selectFrom('oidc_models')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('account_id', '=', accountId)
    .execute();
}

// ---- clients ----

export type ClientRow = Selectable<OidcClientsTable>;

const clientById = compiledOnce(
  (db, clientId: string) => db.selectFrom('oidc_clients').selectAll().where('client_id', '=', clientId),
  ['client'],
);

/** Read on every call of a product to the provider. */
export async function findClient(db: Executor, clientId: string): Promise<ClientRow | undefined> {
  return (await clientById(db, clientId).execute(db)).rows[0];
}

export async function listClients(db: Executor): Promise<ClientRow[]> {
  return db.selectFrom('oidc_clients').selectAll().orderBy('product_code').orderBy('client_id').execute();
}

export async function insertClient(db: Executor, row: Insertable<OidcClientsTable>): Promise<void> {
  await db.insertInto('oidc_clients').values(row).execute();
}

export async function updateClient(
  db: Executor,
  clientId: string,
  changes: Partial<
    Pick<
      ClientRow,
      'secret_hash' | 'previous_secret_hash' | 'previous_secret_until' | 'disabled_at' | 'resources' | 'updated_at'
    >
  >,
): Promise<boolean> {
  const result = await db.updateTable('oidc_clients').set(changes).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- keys ----

export type KeyRow = Selectable<OidcKeysTable>;

export async function findKeys(db: Executor, use: OidcKeyUse): Promise<KeyRow[]> {
  return db.selectFrom('oidc_keys').selectAll().where('use', '=', use).orderBy('created_at', 'desc').execute();
}

/** Adds a key; one whose kid is taken is left as it is, so that processes starting together make one
 *  first key between them (its kid is fixed). */
export async function insertKey(db: Executor, row: Insertable<OidcKeysTable>): Promise<void> {
  await db
    .insertInto('oidc_keys')
    .values(row)
    .onConflict((conflict) => conflict.column('kid').doNothing())
    .execute();
}

export async function setKeyState(
  db: Executor,
  kid: string,
  state: OidcKeyState,
  retiredAt: number | null,
): Promise<void> {
  await db.updateTable('oidc_keys').set({ state, retired_at: retiredAt }).where('kid', '=', kid).execute();
}

export async function deleteKey(db: Executor, kid: string): Promise<void> {
  await db.deleteFrom('oidc_keys').where('kid', '=', kid).execute();
}

/** A fingerprint of the key set: processes compare it to learn that an operator rotated the keys. */
export async function keySetVersion(db: Executor): Promise<string> {
  const rows = await db.selectFrom('oidc_keys').select(['kid', 'state']).orderBy('kid').execute();
  return rows.map((row) => `${row.kid}:${row.state}`).join(',');
}

// ---- grants in the portal ----

/** A grant's link, made with the grant; a grant extended later moves to the new portal session, never to
 *  another company (a grant is made in one company: `company-grant.ts`). */
export async function insertGrantLink(db: Executor, row: Insertable<OidcGrantLinksTable>): Promise<void> {
  await db
    .insertInto('oidc_grant_links')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('grant_id').doUpdateSet({
        portal_session_id: row.portal_session_id,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

const grantCompany = compiledOnce(
  (db, grantId: string) =>
    db
      .selectFrom('oidc_grant_links as l')
      .leftJoin('enterprises as e', 'e.id', 'l.enterprise_id')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.enterprise_id', '=', 'l.enterprise_id').onRef('m.user_id', '=', 'l.user_id'),
      )
      .select([
        'l.user_id',
        'l.enterprise_id',
        'l.portal_session_id',
        'e.full_name as company_name',
        'm.role as member_role',
      ])
      .where('l.grant_id', '=', grantId),
  ['grant'],
);

/** A grant's link with its company's name and the person's role in it now (null: none, or no longer
 *  a member), in one statement. */
export async function findGrantCompany(db: Executor, grantId: string) {
  return (await grantCompany(db, grantId).execute(db)).rows[0];
}

export async function findGrantLink(db: Executor, grantId: string) {
  return db.selectFrom('oidc_grant_links').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
}

/** The grant now belongs to this portal session: its end ends the grant. */
export async function moveGrantLinkToSession(db: Executor, grantId: string, portalSessionId: number): Promise<void> {
  await db
    .updateTable('oidc_grant_links')
    .set({ portal_session_id: portalSessionId })
    .where('grant_id', '=', grantId)
    .where((eb) => eb.or([eb('portal_session_id', 'is', null), eb('portal_session_id', '!=', portalSessionId)]))
    .execute();
}

/** The person's newest live grant to a client (in `enterpriseId` when given): their consent, made in
 *  another browser. */
export async function findLatestGrantLink(
  db: Executor,
  link: { userId: number; clientId: string; enterpriseId?: number; now: number },
) {
  let query = db
    .selectFrom('oidc_grant_links')
    .selectAll()
    .where('user_id', '=', link.userId)
    .where('client_id', '=', link.clientId)
    .where('expires_at', '>', link.now);
  if (link.enterpriseId !== undefined) query = query.where(ofCompany('oidc_grant_links', link.enterpriseId));
  return query.orderBy('expires_at', 'desc').limit(1).executeTakeFirst();
}

/** The grants made in these portal sessions, in one statement: the caller bounds the set (a
 *  statement's parameters are). */
export async function findGrantLinksOfSessions(db: Executor, portalSessionIds: number[]) {
  if (!portalSessionIds.length) return [];
  return db.selectFrom('oidc_grant_links').selectAll().where('portal_session_id', 'in', portalSessionIds).execute();
}

export async function findGrantLinksOfUser(db: Executor, userId: number, enterpriseId?: number) {
  let query = db.selectFrom('oidc_grant_links').selectAll().where('user_id', '=', userId);
  if (enterpriseId !== undefined) query = query.where(ofCompany('oidc_grant_links', enterpriseId));
  return query.execute();
}

/** The grants made in a company for the clients of these products. */
export async function findGrantLinksOfCompanyProducts(db: Executor, enterpriseId: number, productCodes: ProductCode[]) {
  if (!productCodes.length) return [];
  return db
    .selectFrom('oidc_grant_links')
    .innerJoin('oidc_clients', 'oidc_clients.client_id', 'oidc_grant_links.client_id')
    .selectAll('oidc_grant_links')
    .where(ofCompany('oidc_grant_links', enterpriseId))
    .where('oidc_clients.product_code', 'in', productCodes)
    .execute();
}

export async function deleteGrantLinks(db: Executor, grantIds: string[]): Promise<void> {
  if (!grantIds.length) return;
  await db.deleteFrom('oidc_grant_links').where('grant_id', 'in', grantIds).execute();
}

export async function updateModelPayload(db: Executor, model: string, id: string, payload: string): Promise<void> {
  await db.updateTable('oidc_models').set({ payload }).where('model', '=', model).where('id', '=', id).execute();
}

import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import type { Db, Engine } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as departmentSiblingNames from './migrations/0002-department-sibling-names.ts';
import * as provenIdentifiers from './migrations/0003-proven-identifiers.ts';
import * as retentionIndexes from './migrations/0004-retention-indexes.ts';
import * as membersInDepartments from './migrations/0005-members-in-departments.ts';
import * as sessionDevices from './migrations/0006-session-devices.ts';
import * as auditLogOrder from './migrations/0007-audit-log-order.ts';
import * as twoStepSignIn from './migrations/0008-two-step-sign-in.ts';
import * as passkeys from './migrations/0009-passkeys.ts';
import * as sessionProofs from './migrations/0010-session-proofs.ts';
import * as proofOfWork from './migrations/0012-proof-of-work.ts';
import * as adminLinkProducts from './migrations/0013-admin-link-products.ts';
import * as openidProvider from './migrations/0014-openid-provider.ts';
import * as clientResources from './migrations/0015-client-resources.ts';
import * as purgeIndexes from './migrations/0017-purge-indexes.ts';
import * as keysetPagingIndexes from './migrations/0018-keyset-paging-indexes.ts';
import * as eventsOutboxApiKeys from './migrations/0019-events-outbox-api-keys.ts';
import * as sessionSignInMethods from './migrations/0020-session-sign-in-methods.ts';
import * as outboxPendingOrdering from './migrations/0021-outbox-pending-ordering.ts';
import * as outboxTries from './migrations/0022-outbox-tries.ts';
import * as sites from './migrations/0023-sites.ts';
import * as accessRequests from './migrations/0024-access-requests.ts';
import * as supportAccess from './migrations/0025-support-access.ts';
import * as deviceSignIn from './migrations/0026-device-sign-in.ts';
import * as supportRequests from './migrations/0027-support-requests.ts';
import * as outboxUnorderedPending from './migrations/0028-outbox-unordered-pending.ts';
import * as accessRequestCap from './migrations/0029-access-request-cap.ts';
import * as supportAccessSites from './migrations/0030-support-access-sites.ts';
import * as siteDevices from './migrations/0031-site-devices.ts';
import * as auditSupport from './migrations/0032-audit-support.ts';
import * as es256Signing from './migrations/0033-es256-signing.ts';
import * as deviceKeys from './migrations/0034-device-keys.ts';
import * as deviceRevokeReason from './migrations/0035-device-revoke-reason.ts';

/** Every migration, in order; listed explicitly so that bundling or a stray file cannot change the set. */
const MIGRATIONS: Record<string, { up(db: Kysely<any>, engine: Engine): Promise<void> }> = {
  '0001-initial': initial,
  '0002-department-sibling-names': departmentSiblingNames,
  '0003-proven-identifiers': provenIdentifiers,
  '0004-retention-indexes': retentionIndexes,
  '0005-members-in-departments': membersInDepartments,
  '0006-session-devices': sessionDevices,
  '0007-audit-log-order': auditLogOrder,
  '0008-two-step-sign-in': twoStepSignIn,
  '0009-passkeys': passkeys,
  '0010-session-proofs': sessionProofs,
  '0012-proof-of-work': proofOfWork,
  '0013-admin-link-products': adminLinkProducts,
  '0014-openid-provider': openidProvider,
  '0015-client-resources': clientResources,
  '0017-purge-indexes': purgeIndexes,
  '0018-keyset-paging-indexes': keysetPagingIndexes,
  '0019-events-outbox-api-keys': eventsOutboxApiKeys,
  '0020-session-sign-in-methods': sessionSignInMethods,
  '0021-outbox-pending-ordering': outboxPendingOrdering,
  '0022-outbox-tries': outboxTries,
  '0023-sites': sites,
  '0024-access-requests': accessRequests,
  '0025-support-access': supportAccess,
  '0026-device-sign-in': deviceSignIn,
  '0027-support-requests': supportRequests,
  '0028-outbox-unordered-pending': outboxUnorderedPending,
  '0029-access-request-cap': accessRequestCap,
  '0030-support-access-sites': supportAccessSites,
  '0031-site-devices': siteDevices,
  '0032-audit-support': auditSupport,
  '0033-es256-signing': es256Signing,
  '0034-device-keys': deviceKeys,
  '0035-device-revoke-reason': deviceRevokeReason,
};

/** The listed migrations for a Migrator; the migration tests stop it part way to seed older data. */
export class ListedMigrations implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.engine) }]),
    );
  }
}

/** Applies pending migrations; throws (and so stops start-up) if one fails. Returns the names applied. */
export async function migrateToLatest({ db, engine }: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListedMigrations(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

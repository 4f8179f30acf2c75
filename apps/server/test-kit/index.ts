/**
 * The server's test kit, for suites outside the server (the browser tests: `@portal/server/test-kit`):
 * the typed client of declared calls, and what sets a scene in a running server's database faster
 * than its screens would. The only way in to the server's source from outside it; the web app's lint
 * refuses any other.
 */
export * from './call.ts';
export { fixtureContext } from './context.ts';
export { type UserFields, addUser, passwordHashOf, userRow } from './users.ts';
export { type Db, openDatabase } from '../src/db/database.ts';
export type { Database } from '../src/db/schema.ts';
export { companyTransaction } from '../src/libraries/platform/company-transaction.ts';
export { createEnterprise } from '../src/libraries/company/enterprises.ts';
export { addClient } from '../src/libraries/openid/clients.ts';
export { setProductEndpoint } from '../src/libraries/integrations/webhooks/endpoints.ts';
export { choosePasswordHashCost } from '../src/libraries/platform/passwords.ts';
export { hashSecret } from '../src/libraries/platform/secrets.ts';
export { findEnterpriseByDomain } from '../src/queries/enterprises.ts';
export { insertMembership } from '../src/queries/memberships.ts';
export { deleteEnterpriseProducts, findProductsByCode, insertEnterpriseProducts } from '../src/queries/products.ts';
export { findDefaultDepartmentId } from '../src/queries/registration-enterprises.ts';

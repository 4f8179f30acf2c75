import type { FastifyInstance } from 'fastify';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
import { authzenCalls } from '@portal/shared/api/contract/authzen';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { integrationCalls } from '@portal/shared/api/contract/integrations';
import { operationCalls } from '@portal/shared/api/contract/operations';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import type { OpenIdService } from '../libraries/openid/service.ts';
import type { DevOutbox } from '../messaging/dev-outbox.ts';
import { serveArea } from '../plugins/calls.ts';
import { authzenHandlers } from './authzen/authzen-routes.ts';
import { outboxHandlers } from './dev/outbox-routes.ts';
import { healthHandlers } from './health/health-routes.ts';
import { interactionHandlers } from './openid/interaction-routes.ts';
import { passkeysHandlers } from './personal/passkeys-routes.ts';
import { personalHandlers } from './personal/personal-routes.ts';
import { mySessionsHandlers } from './personal/sessions-routes.ts';
import { twoStepHandlers } from './personal/two-step-routes.ts';
import { portalHandlers } from './portal/portal-routes.ts';
import { registrationHandlers } from './registration/registration-routes.ts';
import { apiKeysHandlers } from './settings/api-keys-routes.ts';
import { auditHandlers } from './settings/audit-routes.ts';
import { departmentsHandlers } from './settings/departments-routes.ts';
import { eventsHandlers } from './settings/events-routes.ts';
import { invitationsAdminHandlers } from './settings/invitations-admin-routes.ts';
import { membersHandlers } from './settings/members-routes.ts';
import { personalizationAdminHandlers } from './settings/personalization-admin-routes.ts';
import { personalizationHandlers } from './settings/personalization-routes.ts';
import { securityHandlers } from './settings/security-routes.ts';
import { webhooksHandlers } from './settings/webhooks-routes.ts';
import { codeHandlers } from './user/code-routes.ts';
import { passkeySignInHandlers } from './user/passkey-sign-in-routes.ts';
import { sessionHandlers } from './user/session-routes.ts';
import { twoStepSignInHandlers } from './user/two-step-sign-in-routes.ts';

/**
 * Every declared call of the portal, served area by area: each area is one object with a handler per
 * declaration, so a call declared in the contract and served by nobody fails the type check.
 */
export async function contractRoutes(
  app: FastifyInstance,
  { openid, outbox }: { openid: OpenIdService; outbox: DevOutbox | null },
) {
  await serveArea(app, operationCalls, {
    ...healthHandlers(app),
    // the development outbox only where it is on (never with NODE_ENV=production)
    devOutbox: outbox ? outboxHandlers(app, { outbox }).devOutbox : null,
  });
  await serveArea(app, authorizeCalls, interactionHandlers(app, { openid }));
  await serveArea(app, signInCalls, {
    ...sessionHandlers(app),
    ...passkeySignInHandlers(app),
    ...twoStepSignInHandlers(app),
  });
  await serveArea(app, codeCalls, codeHandlers(app));
  await serveArea(app, portalCalls, portalHandlers(app));
  await serveArea(app, registrationCalls, registrationHandlers(app));
  await serveArea(app, personalCalls, personalHandlers(app));
  await serveArea(app, accountSecurityCalls, {
    ...passkeysHandlers(app),
    ...mySessionsHandlers(app),
    ...twoStepHandlers(app),
  });
  await serveArea(app, brandingCalls, personalizationHandlers(app));
  await serveArea(app, settingsCalls, {
    ...personalizationAdminHandlers(app),
    ...membersHandlers(app),
    ...departmentsHandlers(app),
    ...invitationsAdminHandlers(app),
    ...securityHandlers(app),
    ...auditHandlers(app),
  });
  await serveArea(app, integrationCalls, {
    ...eventsHandlers(app),
    ...apiKeysHandlers(app),
    ...webhooksHandlers(app),
  });
  await serveArea(app, authzenCalls, authzenHandlers(app));
}

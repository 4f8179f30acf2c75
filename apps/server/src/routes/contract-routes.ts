import type { FastifyInstance } from 'fastify';
import { accessRequestCalls } from '@portal/shared/api/contract/access-requests';
import { accountSecurityCalls } from '@portal/shared/api/contract/account-security';
import { authorizeCalls } from '@portal/shared/api/contract/authorize';
import { authzenCalls } from '@portal/shared/api/contract/authzen';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { codeCalls } from '@portal/shared/api/contract/codes';
import { deviceCalls } from '@portal/shared/api/contract/devices';
import { integrationCalls } from '@portal/shared/api/contract/integrations';
import { operationCalls } from '@portal/shared/api/contract/operations';
import { personalCalls } from '@portal/shared/api/contract/personal';
import { portalCalls } from '@portal/shared/api/contract/portal';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { signInCalls } from '@portal/shared/api/contract/sign-in';
import { siteCalls } from '@portal/shared/api/contract/sites';
import type { OpenIdService } from '../libraries/openid/service.ts';
import type { DevOutbox } from '../messaging/dev-outbox.ts';
import { serveArea } from '../plugins/calls.ts';
import { passkeysHandlers } from './account-security/passkeys-routes.ts';
import { mySessionsHandlers } from './account-security/sessions-routes.ts';
import { twoStepHandlers } from './account-security/two-step-routes.ts';
import { authzenHandlers } from './authzen/authzen-routes.ts';
import { codeHandlers } from './codes/code-routes.ts';
import { auditHandlers } from './company/audit-routes.ts';
import { departmentsHandlers } from './company/departments-routes.ts';
import { invitationsAdminHandlers } from './company/invitations-admin-routes.ts';
import { membersHandlers } from './company/members-routes.ts';
import { personalizationAdminHandlers } from './company/personalization-admin-routes.ts';
import { personalizationHandlers } from './company/personalization-routes.ts';
import { securityHandlers } from './company/security-routes.ts';
import { supportAccessHandlers } from './company/support-access-routes.ts';
import { outboxHandlers } from './dev/outbox-routes.ts';
import { healthHandlers } from './health/health-routes.ts';
import { apiKeysHandlers } from './integrations/api-keys-routes.ts';
import { eventsHandlers } from './integrations/events-routes.ts';
import { webhooksHandlers } from './integrations/webhooks-routes.ts';
import { interactionHandlers } from './openid/interaction-routes.ts';
import { personalHandlers } from './personal/personal-routes.ts';
import { portalHandlers } from './portal/portal-routes.ts';
import { registrationHandlers } from './registration/registration-routes.ts';
import { passkeySignInHandlers } from './sign-in/passkey-sign-in-routes.ts';
import { sessionHandlers } from './sign-in/session-routes.ts';
import { twoStepSignInHandlers } from './sign-in/two-step-sign-in-routes.ts';
import { accessRequestsHandlers } from './sites/access-requests-routes.ts';
import { devicesHandlers } from './sites/devices-routes.ts';
import { sitesHandlers } from './sites/sites-routes.ts';

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
    ...supportAccessHandlers(app),
    ...auditHandlers(app),
  });
  await serveArea(app, siteCalls, sitesHandlers(app));
  await serveArea(app, accessRequestCalls, accessRequestsHandlers(app));
  await serveArea(app, deviceCalls, devicesHandlers(app));
  await serveArea(app, integrationCalls, {
    ...eventsHandlers(app),
    ...apiKeysHandlers(app),
    ...webhooksHandlers(app),
  });
  await serveArea(app, authzenCalls, authzenHandlers(app));
}

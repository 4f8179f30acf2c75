import { accessRequestCalls } from './contract/access-requests.ts';
import { accountSecurityCalls } from './contract/account-security.ts';
import { authorizeCalls } from './contract/authorize.ts';
import { authzenCalls } from './contract/authzen.ts';
import { brandingCalls } from './contract/branding.ts';
import { codeCalls } from './contract/codes.ts';
import { deviceCalls } from './contract/devices.ts';
import { integrationCalls } from './contract/integrations.ts';
import { operationCalls } from './contract/operations.ts';
import { personalCalls } from './contract/personal.ts';
import { portalCalls } from './contract/portal.ts';
import { registrationCalls } from './contract/registration.ts';
import { settingsCalls } from './contract/settings.ts';
import { signInCalls } from './contract/sign-in.ts';
import { siteCalls } from './contract/sites.ts';

/**
 * Every call of the portal, by name: the server registers its routes from these declarations, the API
 * description is generated from them, and the tests call through them. The web app imports the area
 * it needs (`contract/<area>.ts`), so that a screen's bundle carries only its own calls.
 */
export const contractAreas = {
  signIn: signInCalls,
  codes: codeCalls,
  registration: registrationCalls,
  personal: personalCalls,
  accountSecurity: accountSecurityCalls,
  portal: portalCalls,
  branding: brandingCalls,
  settings: settingsCalls,
  sites: siteCalls,
  accessRequests: accessRequestCalls,
  devices: deviceCalls,
  integrations: integrationCalls,
  operations: operationCalls,
  authorize: authorizeCalls,
  authzen: authzenCalls,
};

export const contract = {
  ...signInCalls,
  ...codeCalls,
  ...registrationCalls,
  ...personalCalls,
  ...accountSecurityCalls,
  ...portalCalls,
  ...brandingCalls,
  ...settingsCalls,
  ...siteCalls,
  ...accessRequestCalls,
  ...deviceCalls,
  ...integrationCalls,
  ...operationCalls,
  ...authorizeCalls,
  ...authzenCalls,
};

export type CallName = keyof typeof contract;

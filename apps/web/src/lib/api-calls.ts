import { accountSecurityCalls as accountSecurity } from '@portal/shared/api/contract/account-security';
import { authorizeCalls as authorize } from '@portal/shared/api/contract/authorize';
import { brandingCalls as branding } from '@portal/shared/api/contract/branding';
import { codeCalls as codes } from '@portal/shared/api/contract/codes';
import { personalCalls as personal } from '@portal/shared/api/contract/personal';
import { portalCalls as portal } from '@portal/shared/api/contract/portal';
import { registrationCalls as registration } from '@portal/shared/api/contract/registration';
import { settingsCalls as settings } from '@portal/shared/api/contract/settings';
import { signInCalls as signIn } from '@portal/shared/api/contract/sign-in';
import { viewsOf } from './call-view';

/*
 * The calls the web app makes, as views of the contract's declarations (call-view.ts): what sending
 * them takes, without their schemas. The build runs this module in Node and writes its exports into
 * the bundle as plain data (vite.config.ts, `buildTimeData`), so the browser neither downloads zod
 * nor builds a schema to make a call; the tests run it as it is.
 */

export const accountSecurityCalls = viewsOf(accountSecurity);
export const authorizeCalls = viewsOf(authorize);
export const brandingCalls = viewsOf(branding);
export const codeCalls = viewsOf(codes);
export const personalCalls = viewsOf(personal);
export const portalCalls = viewsOf(portal);
export const registrationCalls = viewsOf(registration);
export const settingsCalls = viewsOf(settings);
export const signInCalls = viewsOf(signIn);

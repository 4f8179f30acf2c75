import type { AuthorizeStep } from '@portal/shared/api/authorize';
import type { CallDeclaration } from '@portal/shared/api/contract/define';
import { routeOf } from '../../test/fake-api';

export const UID = 'uid-42';

/** The fake network's key of an interaction call on UID. */
export const interactionRoute = (declaration: CallDeclaration) => routeOf(declaration).replace(':uid', UID);

export const sampleClient = { name: 'Storage Manager (test)', productCode: 'esguard', firstParty: true };
export const partnerClient = { name: 'Partner Insights', productCode: 'seop', firstParty: false };

/** Where the provider resumes the interaction, which answers the product. */
export const PROVIDER = `http://localhost/oidc/auth/${UID}`;

export const toProduct = (to = PROVIDER): AuthorizeStep => ({ step: 'redirect', to });
